import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { changeStreamLimits, type RecordChange } from '../../contract/changes';

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
 * A stream the server refused (503 when it holds all the streams it may, with the `Retry-After`
 * EventSource cannot read; 401) is opened again after a pause that starts at that `Retry-After`
 * and doubles with each refusal up to `max`, plus up to half as much again so that the clients
 * one server refused do not all come back at once.
 */
export const liveRetryMs = { first: changeStreamLimits.retryAfterSeconds * 1000, max: 300_000 } as const;

/**
 * Listens to `GET /api/changes` while the admin is open: a changed resource's lists (not the
 * record a form is editing: its form says so instead) refetch once the changes pause, the
 * dashboard with orders, products and campaigns, and a `reset` refetches everything. EventSource
 * reconnects a dropped stream by itself and resumes with `Last-Event-ID`, but gives up on a
 * refused one: that one is opened anew after `liveRetryMs`, and everything refetched once it
 * opens, since changes made in between went unheard.
 */
export function useLiveChanges(queryClient: QueryClient) {
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource;
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let refusals = 0;
    const refetch = () => {
      timer = undefined;
      const resources = new Set(pending);
      pending.clear();
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          (resources.has(String(queryKey[0])) && queryKey[1] !== 'getOne') ||
          (queryKey[0] === 'dashboard' &&
            (resources.has('orders') || resources.has('merchandise') || resources.has('campaigns'))),
      });
    };
    const refetchAll = () =>
      void queryClient.invalidateQueries({ predicate: ({ queryKey }) => queryKey[1] !== 'getOne' });
    const connect = () => {
      source = new EventSource('/api/changes');
      const missedSome = refusals > 0;
      source.addEventListener('open', () => {
        refusals = 0;
        if (missedSome) refetchAll();
      });
      source.addEventListener('change', (event) => {
        const change = JSON.parse((event as MessageEvent<string>).data) as RecordChange;
        publish(change);
        pending.add(change.resource);
        timer ??= setTimeout(refetch, refetchPauseMs);
      });
      source.addEventListener('reset', refetchAll);
      source.addEventListener('error', () => {
        if (source.readyState !== EventSource.CLOSED) return;
        const pause = Math.min(liveRetryMs.max, liveRetryMs.first * 2 ** refusals++);
        retry = setTimeout(connect, pause + (Math.random() * pause) / 2);
      });
    };
    connect();
    return () => {
      clearTimeout(timer);
      clearTimeout(retry);
      source.close();
    };
  }, [queryClient]);
}
