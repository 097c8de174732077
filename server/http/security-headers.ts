import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with these options, read once by running it on a stand-in response.
 * Only static options may come here: a directive computed per request (a CSP nonce) would be
 * frozen at its first value, so a function among the options is refused.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const directives = (options.contentSecurityPolicy as { directives?: Record<string, unknown> } | undefined)
    ?.directives;
  const dynamic = Object.values(directives ?? {}).some(
    (value) =>
      typeof value === 'function' || (Array.isArray(value) && value.some((v) => typeof v === 'function')),
  );
  if (dynamic) throw new Error('helmetHeaders takes static options only');
  const headers: [string, string][] = [];
  const response = {
    setHeader(name: string, value: string) {
      headers.push([name, value]);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
