import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from './client';

export interface NoticeHandlers {
  notice(payload: string | undefined): void;
  /** Notices may have been missed: whatever was kept on their strength must be dropped. */
  lost(): void;
}

const firstRetryMs = 100;
const maxRetryMs = 2000;

/**
 * LISTEN on one channel of the database: a dedicated connection on PostgreSQL, the embedded
 * instance itself on PGlite. Process-memory caches rely on it to hear of changes made by any
 * server process, so while it is not connected `listening` is false and they must not serve
 * from memory. A lost connection is retried after `firstRetryMs`, then twice as long each time
 * up to `maxRetryMs`: back within moments of a database restart, without a storm of connection
 * attempts against one that stays down.
 */
export class NoticeListener {
  private connected = false;
  private closed = false;
  private missedSome = false;
  private stopListening?: () => Promise<void>;
  private reconnectTimer?: NodeJS.Timeout;
  private retryMs = firstRetryMs;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
    private readonly handlers: NoticeHandlers,
    private readonly log?: FastifyBaseLogger,
  ) {
    void this.listen();
  }

  get listening() {
    return this.connected;
  }

  /** Resolves once notices are being received, or after about two seconds of trying. */
  async ready() {
    for (let i = 0; i < 100 && !this.connected && !this.closed; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async close() {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.connected = false;
    await this.stopListening?.().catch(() => {});
  }

  private async listen() {
    const client = (this.db as unknown as { $client: unknown }).$client;
    const onNotice = (payload: string | undefined) => this.handlers.notice(payload);
    try {
      if (client instanceof PGlite) {
        const unsubscribe = await client.listen(this.channel, onNotice);
        this.stopListening = () => unsubscribe();
      } else if (client instanceof pg.Pool) {
        const listener = new pg.Client(client.options);
        const stop = () => listener.end();
        // A connection given up for a new one still reports its end: not a loss of the new one.
        const current = () => this.stopListening === stop;
        listener.on('notification', (message) => onNotice(message.payload));
        listener.on('error', (error) => current() && this.lost(error));
        listener.on('end', () => current() && this.lost());
        this.stopListening = stop;
        await listener.connect();
        await listener.query(`listen ${this.channel}`);
      } else {
        return;
      }
      if (this.closed) return void (await this.stopListening());
      this.connected = true;
      this.retryMs = firstRetryMs;
      // Notices sent while it was away are gone: told again now, or a change made in the gap
      // would go unheard by whoever acted on the first 'lost' before the reconnect.
      if (this.missedSome) this.handlers.lost();
      this.missedSome = false;
    } catch (error) {
      this.lost(error);
    }
  }

  private lost(error?: unknown) {
    this.connected = false;
    // Once per outage ('error' and 'end' both come, and each failed retry), once more at its end.
    if (!this.missedSome) this.handlers.lost();
    this.missedSome = true;
    if (this.closed || this.reconnectTimer) return;
    this.log?.warn(
      { err: error, channel: this.channel },
      'database notice listener lost; caches are bypassed',
    );
    const stop = this.stopListening;
    this.stopListening = undefined;
    void stop?.().catch(() => {});
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (!this.closed) void this.listen();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, maxRetryMs);
    this.reconnectTimer.unref();
  }
}
