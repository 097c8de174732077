import { createTheme } from '@mui/material/styles';

/** The spec's breakpoints (section 9): sm 640, md 768, lg 1024, xl 1280; 2xl 1536 is the largest. */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280 } },
  palette: { primary: { main: '#1e3a8a' }, secondary: { main: '#b91c1c' } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    MuiCheckbox: {
      defaultProps: {
        // react-admin names its row checkboxes with `aria-label`, which MUI leaves on the wrapping
        // span: the name belongs on the input itself, and a span without a role may not carry one.
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: (ownerState: { 'aria-label'?: string }) => ({ 'aria-label': ownerState['aria-label'] }),
        },
      },
    },
  },
});
