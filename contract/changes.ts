/**
 * `GET /api/changes`: server-sent events telling a signed-in session which records changed,
 * so open lists and forms follow without a refresh. Plain types and numbers (no zod): the admin
 * shell reads them on every page.
 */
export type ChangeAction = 'created' | 'updated' | 'deleted' | 'restored';

/** The `data` of a `change` event. */
export interface RecordChange {
  /** The resource's name, as in `/admin/{resource}`. */
  resource: string;
  id: number;
  action: ChangeAction;
  /** The record's version after the change, where the resource keeps one. */
  version: number | null;
  by: { id: number; name: string };
  /** ISO 8601 instant of the change. */
  at: string;
}

export const changeStreamLimits = {
  /**
   * Open streams per user on each server, whichever of their sessions opened them; a further one
   * ends their oldest (a reloaded tab's leftover). Each server also holds at most half its
   * connection limit in streams, and refuses a further one with 503 and `Retry-After`.
   */
  perUser: 8,
  /** The `Retry-After` (seconds) of a stream refused because the server holds all it may. */
  retryAfterSeconds: 30,
  /**
   * Changes (of every school) the shared change log keeps for `Last-Event-ID`, on any server and
   * after restarts; resuming from further back gets a `reset` event.
   */
  replayWindow: 1000,
  /** A comment line at least this often keeps proxies and idle timers from closing the stream. */
  heartbeatMs: 25_000,
  /** How often a stream checks that its session is still valid (logout, lock, expiry). */
  sessionCheckMs: 500,
} as const;
