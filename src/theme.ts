import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { localStorageKeyOf } from './providers/storeKeys';

const focusRing = (theme: Theme) => ({
  outline: `2px solid ${theme.palette.primary.main}`,
  outlineOffset: 2,
});

/**
 * The portal's own restrained look (issue 47, docs/decisions.md 'The look'): a short type scale
 * that steps by weight more than size, sentence-case buttons, 8 px corners, hairline borders
 * instead of shadows on cards, and tables dense enough to scan.
 */
const typography: ThemeOptions['typography'] = {
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  h1: { fontSize: '2rem', fontWeight: 650, letterSpacing: '-0.01em' },
  h2: { fontSize: '1.75rem', fontWeight: 650, letterSpacing: '-0.01em' },
  h3: { fontSize: '1.5rem', fontWeight: 650 },
  h4: { fontSize: '1.375rem', fontWeight: 650 },
  h5: { fontSize: '1.25rem', fontWeight: 650, lineHeight: 1.3 },
  h6: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.35 },
  subtitle2: { fontWeight: 600 },
  button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  overline: { letterSpacing: '0.06em', fontWeight: 600 },
};

/** The spec's breakpoints (section 9): sm 640, md 768, lg 1024, xl 1280; 2xl 1536 is the largest. */
const shared: ThemeOptions = {
  breakpoints: { values: { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280 } },
  typography,
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // MUI's unselected toggle is black at 54%, under 4.5:1 on the page's grey: the secondary text reads.
    MuiToggleButton: {
      styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) },
    },
    // A card is a surface drawn by a hairline, not a shadow: the page reads as one calm plane.
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: ({ theme }) => ({ border: `1px solid ${theme.palette.divider}` }) },
    },
    MuiTableCell: {
      styleOverrides: {
        root: ({ theme }) => ({ borderColor: theme.palette.divider }),
        head: ({ theme }) => ({ fontWeight: 600, color: theme.palette.text.secondary }),
        sizeSmall: { paddingTop: 6, paddingBottom: 6 },
      },
    },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
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

/**
 * Colour roles: the school-navy primary for actions and the top bar, red kept for what removes;
 * a grey page under white surfaces, text in two strengths, one divider colour.
 */
export const theme = createTheme({
  ...shared,
  palette: {
    primary: { main: '#1e3a8a' },
    secondary: { main: '#b91c1c' },
    // MUI's red and orange carry white text at 4.98:1 and 3.11:1; these darker ones at 6.5 and 5.
    error: { main: '#b91c1c' },
    warning: { main: '#b45309' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
    text: { primary: '#1b1f24', secondary: '#555c66' },
    divider: '#dfe2e6',
  },
});

/**
 * The same blue and red lightened until text in them reads on the dark background (WCAG AA,
 * checked by the accessibility suite in both themes).
 */
export const darkTheme = createTheme({
  ...shared,
  palette: {
    mode: 'dark',
    primary: { main: '#93c5fd' },
    secondary: { main: '#fca5a5' },
    // MUI's dark red carries white text at 3.7:1: a light red carries dark text instead.
    error: { main: '#fca5a5' },
    background: { default: '#0f1216', paper: '#171b21' },
    text: { primary: '#e7e9ec', secondary: '#a6adb8' },
    divider: '#2b313a',
  },
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
