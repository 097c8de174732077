import type { Theme } from '@mui/material/styles';

/**
 * The class of react-admin's drop zone, spelled out: importing `FileInputClasses` from react-admin
 * would pull FileInput with react-dropzone and file-selector (about 18 KB gzip) into every admin page.
 */
export const dropZoneClass = 'RaFileInput-dropZone';

/**
 * react-admin's file and image inputs draw their drop zone in the page's own background with
 * white text and no focus style: invisible, and lost to keyboard users. Here it gets a dashed
 * border, readable text and a focus ring. A nested theme of the admin layout, so the public
 * pages' theme (and `/login`) stays as it is.
 */
export function withVisibleDropZones(outer: Theme): Theme {
  const { palette } = outer;
  const root = {
    [`& .${dropZoneClass}`]: {
      border: `2px dashed ${palette.grey[600]}`,
      backgroundColor: palette.background.paper,
      color: palette.text.secondary,
      cursor: 'pointer',
      '&:hover': { borderColor: palette.primary.main },
      '&:focus-visible': { outline: `3px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
  };
  // An image input is a file input styled again: both carry the rule, or the image one's own wins.
  return {
    ...outer,
    components: {
      ...outer.components,
      RaFileInput: { styleOverrides: { root } },
      RaImageInput: { styleOverrides: { root } },
    },
  };
}
