import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from '../../../server/http/security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'"] } },
  frameguard: false as const,
};

/** What helmet's own middleware sets on a response, header by header. */
function setByHelmet() {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

describe('security headers computed once', () => {
  it('are exactly the headers helmet sets on a response', () => {
    const headers = helmetHeaders(options);
    expect(headers).toEqual(setByHelmet());
    expect(Object.fromEntries(headers)).toMatchObject({
      'Content-Security-Policy': expect.stringContaining("frame-ancestors 'self'"),
      'Strict-Transport-Security': expect.any(String),
      'X-Content-Type-Options': 'nosniff',
    });
  });

  it('refuses a directive computed per request, which would be frozen at its first value', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: [() => "'nonce-x'"] } } }),
    ).toThrow(/static options only/);
  });
});
