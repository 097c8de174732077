export const defaultReturnUrl = '/admin';

/**
 * Only same-origin relative paths are followed after sign-in; anything else (another
 * host, `//host`, `javascript:`, backslash tricks) falls back to `/admin`.
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
