const defaultReturnUrl = '/admin';
const externalLoginPath = '/api/account/ExternalLogin';

/**
 * Only same-origin relative paths are followed after sign-in, and of the API only the
 * external sign-in route; anything else (another host, `//host`, `javascript:`, backslash
 * tricks, other API routes) falls back to `/admin`.
 */
export function safeReturnUrl(raw: string | null | undefined): string {
  if (!raw) return defaultReturnUrl;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return defaultReturnUrl;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(value)) return defaultReturnUrl;
  try {
    const base = 'http://portal.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return defaultReturnUrl;
    // A return URL into the API would let a crafted sign-in link make the victim's browser
    // call any GET route once signed in; only starting an external sign-in needs one.
    const path = decodeURIComponent(url.pathname).toLowerCase();
    if (needsFullNavigation(path) && url.pathname !== externalLoginPath) return defaultReturnUrl;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return defaultReturnUrl;
  }
}

/** `/api/...` return URLs are server routes (an external sign-in), so they need a full page load. */
export const needsFullNavigation = (url: string) => url === '/api' || url.startsWith('/api/');

export function loginPathWithReturn(currentPath: string) {
  if (!currentPath || currentPath === '/' || currentPath.startsWith('/login')) return '/login';
  return `/login?returnUrl=${encodeURIComponent(currentPath)}`;
}
