const environmentCookieName = 'environment';

/** Names that mean production: no banner there, even if the cookie is set by mistake. */
const productionNames = new Set(['production', 'prod']);

/** The environment named by the server's `environment` cookie, or null in production. */
export function environmentFromCookies(cookieHeader: string): string | null {
  for (const pair of cookieHeader.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() !== environmentCookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(index + 1).trim());
    } catch {
      return null;
    }
    if (!value || productionNames.has(value.toLowerCase())) return null;
    return value;
  }
  return null;
}
