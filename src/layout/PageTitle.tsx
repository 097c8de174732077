import { useRef } from 'react';
import { TitlePortal } from 'react-admin';
import { useFocusAfterNavigation } from './useFocusAfterNavigation';
import { useWordsFit } from './useWordsFit';

/**
 * The page's one h1, first in `main`: react-admin pages put their Title here. It takes focus
 * after every route change (script only, tabIndex -1), so a keyboard user starts at the page
 * rather than at the top bar. A page without a Title (the admin 404) has its own h1, and the
 * empty one leaves the accessibility tree. A long title wraps between words, and a word wider
 * than the room shrinks the title until it fits.
 */
export function PageTitle() {
  const title = useRef<HTMLHeadingElement>(null);
  useWordsFit(title);
  useFocusAfterNavigation(title);
  return (
    <TitlePortal
      ref={title}
      component="h1"
      variant="h5"
      tabIndex={-1}
      sx={{
        flex: '0 0 auto',
        pt: 2,
        pb: 0.5,
        '&:empty': { display: 'none' },
        whiteSpace: 'normal',
        overflow: 'visible',
        '&:focus': { outline: 'none' },
        '&:focus-visible': { outline: 'none' },
      }}
    />
  );
}
