import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { NoticeListener } from '../../db/notices';
import { type LoggedChange, recordChangeChannel } from '../../db/announce';

export interface FeedSubscriber {
  change(event: LoggedChange): void;
  /** Notices may have been missed (the listener reconnected): the client must refetch. */
  reset(): void;
}

/**
 * This server's view of every record change, from any server: the database channel heard on
 * one listener and handed to the open streams. What a stream missed is read from the change
 * log (`change-log.ts`), which every server shares.
 */
export class ChangeFeed {
  private readonly listener: NoticeListener;
  private readonly subscribers = new Set<FeedSubscriber>();

  constructor(db: Db, log?: FastifyBaseLogger) {
    this.listener = new NoticeListener(
      db,
      recordChangeChannel,
      {
        notice: (payload) => this.onNotice(payload, log),
        lost: () => {
          for (const subscriber of this.subscribers) subscriber.reset();
        },
      },
      log,
    );
  }

  ready() {
    return this.listener.ready();
  }

  get listening() {
    return this.listener.listening;
  }

  subscribe(subscriber: FeedSubscriber) {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  async close() {
    this.subscribers.clear();
    await this.listener.close();
  }

  private onNotice(payload: string | undefined, log?: FastifyBaseLogger) {
    let event: LoggedChange;
    try {
      event = JSON.parse(payload ?? '') as LoggedChange;
    } catch {
      log?.warn({ payload }, 'change feed: an unreadable notice was ignored');
      return;
    }
    for (const subscriber of this.subscribers) subscriber.change(event);
  }
}
