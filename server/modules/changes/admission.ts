import { changeStreamLimits } from '../../../contract/changes';

/**
 * Streams one server holds at most: half its connection limit, so however many streams users
 * open, the other half stays free for ordinary requests (sign-in, `/readyz`, the app's calls).
 */
export const maxStreams = (maxConnections: number) => Math.max(1, Math.floor(maxConnections / 2));

interface Held {
  userId: number;
  end(): void;
}

/**
 * Who may open a change stream on this server: at most `changeStreamLimits.perUser` per user,
 * whichever of their sessions opened them (sessions are cheap to make, users are not), and at
 * most `maxStreams` in all.
 */
export class StreamAdmission {
  /** In the order they opened, so a user's first is their oldest. */
  private readonly held = new Set<Held>();

  constructor(private readonly limit: number) {}

  /**
   * Admits a stream of the user, ending their oldest when they are at their cap (a tab they
   * left, most likely); `undefined` when the server holds all it may. Returns the release to call
   * when the stream ends.
   */
  admit(userId: number, end: () => void): (() => void) | undefined {
    const own = [...this.held].filter((stream) => stream.userId === userId);
    if (own.length >= changeStreamLimits.perUser) {
      own[0].end();
      this.held.delete(own[0]);
    } else if (this.held.size >= this.limit) return undefined;
    const stream: Held = { userId, end };
    this.held.add(stream);
    return () => this.held.delete(stream);
  }

  endAll() {
    for (const stream of this.held) stream.end();
  }
}
