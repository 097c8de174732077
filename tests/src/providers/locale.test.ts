import { afterEach, describe, expect, it, vi } from 'vitest';
import { appMessages as spanish } from '../../../src/i18n/es';
import { applyLocale, browserLocale, currentMessages } from '../../../src/i18n/locale';
import { formatCurrency, formatNumber } from '../../../src/lib/currency';
import { formatDateOnly } from '../../../src/lib/dates';
import type { HttpClient, RequestOptions } from '../../../src/providers/httpClient';
import { adoptUserLocale, chooseLocale } from '../../../src/providers/locale';
import { createSession } from '../../../src/providers/session';

/** A server keeping one user's preferences, recording each call. */
function fakeServer(kept: Record<string, unknown> = {}) {
  const calls: string[] = [];
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    calls.push(`${method} ${url}${options.body ? ` ${JSON.stringify(options.body)}` : ''}`);
    if (url === '/api/account/me') return { result: { id: 1 } };
    if (method === 'GET') return { result: { ...kept } };
    kept[url.split('/').pop()!] = (options.body as { value: unknown }).value;
    return { result: true };
  }) as unknown as HttpClient;
  return { http, kept, calls };
}

afterEach(async () => {
  await applyLocale('en');
  window.localStorage.clear();
});

describe("the user's language", () => {
  it('shows a visitor’s choice at once, remembers it in this browser and follows <html lang>', async () => {
    const server = fakeServer();
    await chooseLocale('es', server.http, createSession(server.http));
    expect(currentMessages()).toBe(spanish);
    expect(document.documentElement.lang).toBe('es');
    expect(browserLocale()).toBe('es');
    // Signed out: nothing to keep on the server.
    expect(server.calls).toEqual([]);
  });

  it('keeps a signed-in user’s choice on the server', async () => {
    const server = fakeServer();
    const session = createSession(server.http);
    await session.refresh();
    await chooseLocale('es', server.http, session);
    expect(server.kept).toEqual({ locale: 'es' });
  });

  it('takes the setting on the server when a user signs in, over this browser’s', async () => {
    await applyLocale('en');
    await adoptUserLocale(fakeServer({ locale: 'es' }).http);
    expect(currentMessages()).toBe(spanish);
    expect(browserLocale()).toBe('es');
  });

  it('gives a user without a setting the choice made on the sign-in page', async () => {
    await applyLocale('es');
    const server = fakeServer();
    await adoptUserLocale(server.http);
    expect(server.kept).toEqual({ locale: 'es' });
  });

  it('writes dates and numbers the Spanish way and money still in US dollars', async () => {
    await applyLocale('es');
    expect(formatDateOnly('2026-11-22')).toBe('22 nov 2026');
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatCurrency(-1234.5)).toBe('($1,234.50)');
  });
});
