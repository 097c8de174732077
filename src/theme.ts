import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { localStorageKeyOf } from './providers/storeKeys';

const focusRing = (theme: Theme) => ({
  outline: `2px solid ${theme.palette.primary.main}`,
  outlineOffset: 2,
});

/** The spec's breakpoints (section 9): sm 640, md 768, lg 1024, xl 1280; 2xl 1536 is the largest. */
const shared: ThemeOptions = {
  breakpoints: { values: { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280 } },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
  components: {
    // MUI shows keyboard focus by a ripple that differs from the resting control by under 3:1
    // (WCAG 1.4.11, 2.4.7): every button, checkbox, switch, sidebar entry and sort header gets a
    // ring in the primary colour, which reads on the background of both themes. On a coloured
    // surface (the top bar) the ring takes the text's colour instead.
    MuiButtonBase: {
      styleOverrides: { root: ({ theme }) => ({ '&.Mui-focusVisible': focusRing(theme) }) },
    },
    // A switch clips its focused thumb: the ring goes around the whole switch.
    MuiSwitch: {
      styleOverrides: {
        root: ({ theme }) => ({ '&:has(.Mui-focusVisible)': { ...focusRing(theme), borderRadius: 12 } }),
        switchBase: { '&.Mui-focusVisible': { outline: 'none' } },
      },
    },
    MuiAppBar: {
      styleOverrides: {
        root: { '& .MuiButtonBase-root.Mui-focusVisible': { outlineColor: 'currentColor' } },
      },
    },
    // react-admin draws its skip link in the primary colour's text on the page's background,
    // white on white in the light theme: it takes the primary button's colours.
    RaSkipNavigationButton: {
      styleOverrides: {
        root: ({ theme }) => {
          const colours = {
            backgroundColor: theme.palette.primary.main,
            color: theme.palette.primary.contrastText,
          };
          return { ...colours, '&:hover': colours };
        },
      },
    },
    // The collapsed bulk-action bar keeps its buttons, 0 px high: hidden, they leave the Tab order.
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
    },
    // A field reached by Tab scrolls clear of the fixed bars (WCAG 2.4.11): of the top bar (48 px,
    // 56 on phones), of a form's Save bar fixed at the bottom on phones, and of the floating Create
    // button, below which the page's end gets room so the last controls can scroll out from under it.
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => ({
        html: { scrollPaddingTop: theme.spacing(9) },
        'html:has(.RaToolbar-mobileToolbar), html:has(.RaCreateButton-floating)': {
          scrollPaddingBottom: theme.spacing(12),
        },
        '.RaLayout-content:has(.RaCreateButton-floating)': { paddingBottom: theme.spacing(12) },
      }),
    },
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
