import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { RecordChange } from '../../contract/changes';

/** Changes within this long mark their rows in an open list. */
export const highlightMs = 2_000;
/** Changes this close together refetch a list once. */
const refetchPauseMs = 300;

type Listener = () => void;
const listeners = new Set<Listener>();
let recent: RecordChange[] = [];

const publish = (change: RecordChange) => {
  const now = Date.now();
  recent = [...recent.filter((seen) => now - Date.parse(seen.at) < 60_000), change];
  for (const listener of listeners) listener();
};

const subscribe = (listener: Listener) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The changes heard in the last minute, newest last: lists mark their rows, forms warn. */
export const useRecentChanges = () => useSyncExternalStore(subscribe, () => recent);

/**
 * Listens to `GET /api/changes` while the admin is open: a changed resource's lists (not the
 * record a form is editing: its form says so instead) refetch once the changes pause, the
 * dashboard with orders and products, and a `reset` refetches everything. EventSource
 * reconnects by itself and resumes with `Last-Event-ID`; a 401 (signed out) ends it.
 */
export function useLiveChanges(queryClient: QueryClient) {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/changes');
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refetch = () => {
      timer = undefined;
      const resources = new Set(pending);
      pending.clear();
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          (resources.has(String(queryKey[0])) && queryKey[1] !== 'getOne') ||
          (queryKey[0] === 'dashboard' && (resources.has('orders') || resources.has('merchandise'))),
      });
    };
    source.addEventListener('change', (event) => {
      const change = JSON.parse((event as MessageEvent<string>).data) as RecordChange;
      publish(change);
      pending.add(change.resource);
      timer ??= setTimeout(refetch, refetchPauseMs);
    });
    source.addEventListener('reset', () => {
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[1] !== 'getOne' });
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [queryClient]);
}
