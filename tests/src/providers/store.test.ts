import { localStorageStore } from 'ra-core';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient, RequestOptions } from '../../../src/providers/httpClient';
import { createPreferencesStore, followsUser } from '../../../src/providers/store';

/** A server keeping preferences in a map, recording each call. */
function fakeServer(initial: Record<string, unknown> = {}) {
  const kept = { ...initial };
  const calls: string[] = [];
  const http = vi.fn(async (url: string, options: RequestOptions = {}) => {
    const method = options.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (method === 'GET') return { result: { ...kept } };
    const key = decodeURIComponent(url.split('/').pop()!);
    if (method === 'PUT') kept[key] = (options.body as { value: unknown }).value;
    else delete kept[key];
    return { result: true };
  }) as unknown as HttpClient;
  return { http, kept, calls };
}

const settle = () => vi.waitFor(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the preferences store (what follows the user to another browser)', () => {
  it('sends the theme, a list’s columns and its saved views to the server, and nothing else', () => {
    expect(followsUser('theme')).toBe(true);
    expect(followsUser('preferences.orders.datagrid.columns')).toBe(true);
    expect(followsUser('orders.savedQueries')).toBe(true);
    expect(followsUser('sidebar.open')).toBe(false);
    expect(followsUser('organization.selected')).toBe(false);
    expect(followsUser('orders.listParams')).toBe(false);
  });

  it('saves a followed key on the server and keeps a local one in this browser only', async () => {
    const server = fakeServer();
    const store = createPreferencesStore(server.http, 'test');
    store.setup();
    await vi.waitFor(() => expect(server.calls).toContain('GET /api/preferences'));
    store.setItem('theme', 'dark');
    store.setItem('sidebar.open', false);
    await vi.waitFor(() => expect(server.kept).toEqual({ theme: 'dark' }));
    expect(store.getItem('sidebar.open')).toBe(false);
    store.removeItem('theme');
    await vi.waitFor(() => expect(server.kept).toEqual({}));
  });

  it('takes the server’s values when it starts: another browser’s choice wins over a stale local one', async () => {
    const views = [{ label: 'Open', value: { filter: { status: 'Open' } } }];
    const server = fakeServer({ theme: 'dark', 'orders.savedQueries': views });
    // What this browser kept from an earlier visit.
    const earlier = localStorageStore('1', 'test');
    earlier.setup();
    earlier.setItem('theme', 'light');
    earlier.setItem('preferences.users.datagrid.columns', ['0']);
    const store = createPreferencesStore(server.http, 'test');
    const heard = vi.fn();
    store.subscribe('theme', heard);
    store.setup();
    await vi.waitFor(() => expect(store.getItem('theme')).toBe('dark'));
    expect(heard).toHaveBeenCalledWith('dark');
    expect(store.getItem('orders.savedQueries')).toEqual(views);
    expect(store.getItem('preferences.users.datagrid.columns')).toBeUndefined();
  });

  it('forgets the local copy on sign-out, never the server’s', async () => {
    const server = fakeServer({ theme: 'dark' });
    const store = createPreferencesStore(server.http, 'test');
    store.setup();
    await vi.waitFor(() => expect(store.getItem('theme')).toBe('dark'));
    store.reset();
    await settle();
    expect(store.getItem('theme')).toBeUndefined();
    expect(server.kept).toEqual({ theme: 'dark' });
  });

  it('keeps working locally when the server cannot be reached', async () => {
    const http = vi.fn(async () => {
      throw new Error('offline');
    }) as unknown as HttpClient;
    const store = createPreferencesStore(http, 'test');
    store.setup();
    store.setItem('theme', 'dark');
    await settle();
    expect(store.getItem('theme')).toBe('dark');
  });
});
