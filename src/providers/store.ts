import { localStorageStore, type Store } from 'ra-core';
import { http } from '.';
import type { HttpClient } from './httpClient';
import { localStorageKeyOf, storeAppKey } from './storeKeys';

/**
 * The keys that follow the user to another browser: the theme, a list's columns and its saved
 * views. The rest (the sidebar, the organization chosen in the header, a list's current page)
 * belongs to this browser.
 */
export const followsUser = (key: string) =>
  key === 'theme' || /^preferences\..+\.columns$/.test(key) || /\.savedQueries$/.test(key);

/**
 * react-admin's preferences store: local storage, and for the keys that follow the user the
 * server (`/api/preferences`), which wins when the admin starts. A save the server refuses
 * keeps the local value (one browser remembers it) and bothers nobody; signing out forgets
 * the local copy, never the server's.
 */
export function createPreferencesStore(http: HttpClient, appKey = storeAppKey): Store {
  const local = localStorageStore('1', appKey);
  let loading: AbortController | undefined;
  const changedWhileLoading = new Set<string>();
  const saving = new Map<string, Promise<unknown>>();

  // One request at a time per key, in the order of the changes, so the last one stands.
  const send = (key: string, value: unknown) => {
    const path = `/api/preferences/${encodeURIComponent(key)}`;
    const request = () =>
      http(
        path,
        value === undefined
          ? { method: 'DELETE', silent: true }
          : { method: 'PUT', body: { value }, silent: true },
      );
    const next = (saving.get(key) ?? Promise.resolve()).then(request).catch(() => undefined);
    saving.set(key, next);
    void next.finally(() => saving.get(key) === next && saving.delete(key));
  };

  const localKeys = (prefix: string) =>
    Object.keys(window.localStorage)
      .filter((stored) => stored.startsWith(localStorageKeyOf(prefix, appKey)))
      .map((stored) => stored.slice(localStorageKeyOf('', appKey).length));

  async function load(signal: AbortSignal) {
    const { result } = await http<{ result: Record<string, unknown> }>('/api/preferences', {
      signal,
      silent: true,
    });
    if (signal.aborted) return;
    for (const key of localKeys('')) {
      if (followsUser(key) && !(key in result) && !changedWhileLoading.has(key)) local.removeItem(key);
    }
    for (const [key, value] of Object.entries(result)) {
      if (followsUser(key) && !changedWhileLoading.has(key)) local.setItem(key, value);
    }
  }

  return {
    setup() {
      local.setup();
      loading?.abort();
      changedWhileLoading.clear();
      const controller = new AbortController();
      loading = controller;
      // Signed out, or the server is away: the local copy serves until the next start.
      void load(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          if (loading === controller) loading = undefined;
        });
    },
    teardown() {
      loading?.abort();
      loading = undefined;
      local.teardown();
    },
    getItem: (key, defaultValue) => local.getItem(key, defaultValue),
    setItem(key, value) {
      local.setItem(key, value);
      if (!followsUser(key)) return;
      if (loading) changedWhileLoading.add(key);
      send(key, value);
    },
    removeItem(key) {
      local.removeItem(key);
      if (!followsUser(key)) return;
      if (loading) changedWhileLoading.add(key);
      send(key, undefined);
    },
    removeItems(prefix) {
      const followed = localKeys(prefix).filter(followsUser);
      local.removeItems(prefix);
      for (const key of followed) send(key, undefined);
    },
    reset() {
      loading?.abort();
      local.reset();
    },
    subscribe: (key, callback) => local.subscribe(key, callback),
  };
}

/** The store of the admin and the account area. */
export const store = createPreferencesStore(http);
