import { useEffect, useLayoutEffect } from 'react';

/** The name the portal ships with; PORTAL_NAME replaces it where the server serves the app. */
export const defaultPortalName = 'Spirit Portal';

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
