import { Typography } from '@mui/material';
import { useEffect, useLayoutEffect } from 'react';

/*
 * The portal's name, the page titles built from it and its mark, in one module: `/login` and
 * the admin share it, and each shared module is one more file for `/login` to fetch.
 */

/** The name the portal ships with; PORTAL_NAME replaces it where the server serves the app. */
const defaultPortalName = 'Spirit Portal';

/**
 * The portal's name (PORTAL_NAME), written by the server into index.html's application-name
 * meta tag: the app knows it before its first request.
 */
export const portalName =
  document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content.trim() ||
  defaultPortalName;

export const documentTitleOf = (page?: string) => (page ? `${page} · ${portalName}` : portalName);

/** Names the page in the browser's tab and history: 'Sign in · Spirit Portal'. */
export function useDocumentTitle(page?: string) {
  useEffect(() => {
    document.title = documentTitleOf(page);
  }, [page]);
}

/**
 * The title a layout gives every page under it. A layout effect, so that a page's own
 * useDocumentTitle (a passive effect, run after it) has the last word.
 */
export function useDefaultDocumentTitle(page?: string) {
  useLayoutEffect(() => {
    document.title = documentTitleOf(page);
  }, [page]);
}

/**
 * The portal's mark: a pennant star on a rounded square. Inline, so it costs no request; the
 * name beside it says what it is, so screen readers skip it.
 */
function PortalMark({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const ground = inverted ? '#ffffff' : '#1e3a8a';
  const star = inverted ? '#1e3a8a' : '#ffffff';
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={ground} />
      <path d="M16 6.5l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L16 20.9 10.3 24l1.2-6.4-4.7-4.4 6.4-.8z" fill={star} />
      <rect x="7" y="26" width="18" height="2" rx="1" fill="#b91c1c" />
    </svg>
  );
}

/** The mark and the portal's name, as the sign-in card and the top bar show them. */
export function PortalBrand({
  inverted = false,
  nameHiddenOnPhones = false,
}: {
  inverted?: boolean;
  nameHiddenOnPhones?: boolean;
}) {
  return (
    <Typography
      component="span"
      data-testid="portal-brand"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        fontWeight: 600,
        fontSize: '1.05rem',
        whiteSpace: 'nowrap',
        '& > span': { display: nameHiddenOnPhones ? { xs: 'none', sm: 'inline' } : 'inline' },
      }}
    >
      <PortalMark inverted={inverted} />
      <span>{portalName}</span>
    </Typography>
  );
}
