import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { localStorageKeyOf } from './providers/storeKeys';

/** The spec's breakpoints (section 9): sm 640, md 768, lg 1024, xl 1280; 2xl 1536 is the largest. */
const shared: ThemeOptions = {
  breakpoints: { values: { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280 } },
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
};

export const theme = createTheme({
  ...shared,
  palette: { primary: { main: '#1e3a8a' }, secondary: { main: '#b91c1c' } },
});

/**
 * The same blue and red lightened until text in them reads on the dark background (WCAG AA,
 * checked by the accessibility suite in both themes).
 */
export const darkTheme = createTheme({
  ...shared,
  palette: { mode: 'dark', primary: { main: '#93c5fd' }, secondary: { main: '#fca5a5' } },
});

export type ThemeChoice = 'light' | 'dark';

/**
 * The theme outside react-admin (sign-in and account pages): the one chosen in the admin's
 * user menu, else the device's. Read from the admin store's local copy, so `/login` loads no
 * store of its own.
 */
export function storedThemeChoice(): ThemeChoice | undefined {
  try {
    const stored = JSON.parse(window.localStorage.getItem(localStorageKeyOf('theme')) ?? 'null');
    return stored === 'light' || stored === 'dark' ? stored : undefined;
  } catch {
    return undefined;
  }
}
