import type { FastifyBaseLogger } from 'fastify';
import { changeStreamLimits } from '../../../contract/changes';
import type { Db } from '../../db/client';
import { NoticeListener } from '../../db/notices';
import { type ChangeNotice, recordChangeChannel } from '../../resources/change-feed';

export interface FeedEvent {
  /** This server's sequence number: the stream's event id, for `Last-Event-ID`. */
  seq: number;
  notice: ChangeNotice;
}

export interface FeedSubscriber {
  change(event: FeedEvent): void;
  /** Notices may have been missed (the listener reconnected): the client must refetch. */
  reset(): void;
}

/**
 * This server's view of every record change, from any server: the database channel heard on
 * one listener, numbered, the last ones kept for replay, and handed to the open streams.
 */
export class ChangeFeed {
  private readonly listener: NoticeListener;
  private readonly recent: FeedEvent[] = [];
  private readonly subscribers = new Set<FeedSubscriber>();
  private seq = 0;

  constructor(db: Db, log?: FastifyBaseLogger) {
    this.listener = new NoticeListener(
      db,
      recordChangeChannel,
      {
        notice: (payload) => this.onNotice(payload, log),
        lost: () => {
          // Whatever arrives after the reconnect cannot be joined to what came before.
          this.recent.length = 0;
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

  /** The events after `seq`, or undefined when some of them are no longer kept. */
  since(seq: number): FeedEvent[] | undefined {
    if (seq === this.seq) return [];
    if (seq > this.seq || this.recent.length === 0 || this.recent[0].seq > seq + 1) return undefined;
    return this.recent.filter((event) => event.seq > seq);
  }

  get lastSeq() {
    return this.seq;
  }

  async close() {
    this.subscribers.clear();
    await this.listener.close();
  }

  private onNotice(payload: string | undefined, log?: FastifyBaseLogger) {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload ?? '') as ChangeNotice;
    } catch {
      log?.warn({ payload }, 'change feed: an unreadable notice was ignored');
      return;
    }
    const event = { seq: ++this.seq, notice };
    this.recent.push(event);
    if (this.recent.length > changeStreamLimits.replayWindow) this.recent.shift();
    for (const subscriber of this.subscribers) subscriber.change(event);
  }
}
