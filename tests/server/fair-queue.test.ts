import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFull } from '../../server/fair-queue';

/** Queues tasks the test finishes by hand; `started` records the order they were called in. */
function queueOf(limits: { concurrency: number; maxWaiting: number }) {
  const queue = new FairQueue(limits);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const add = (key: string, name: string) =>
    queue.run(key, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  let finished = 0;
  /** Finishes the next `count` tasks as each starts, and gives back the order all started in. */
  const drain = async (count: number) => {
    for (const last = finished + count; finished < last; finished++) {
      await expect.poll(() => started.length).toBe(finished + 1);
      finishers.get(started[finished])?.();
    }
    return started;
  };
  return { add, drain, started };
}

describe('FairQueue', () => {
  it("takes schools by turns: one school's queue holds another's for one task at most", async () => {
    const { add, drain } = queueOf({ concurrency: 1, maxWaiting: 20 });
    for (const name of ['a1', 'a2', 'a3', 'a4']) void add('a', name);
    void add('b', 'b1');
    void add('c', 'c1');
    void add('b', 'b2');
    expect(await drain(7)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('starts a task only when its turn comes, so a time limit it sets counts only its work', async () => {
    const { add, started } = queueOf({ concurrency: 1, maxWaiting: 20 });
    void add('a', 'a1');
    void add('b', 'b1');
    await expect.poll(() => started).toEqual(['a1']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1']);
  });

  it('refuses past its waiting limit rather than queue without end', async () => {
    const { add } = queueOf({ concurrency: 1, maxWaiting: 2 });
    void add('a', 'running');
    void add('a', 'waiting 1');
    void add('b', 'waiting 2');
    await expect(add('c', 'one too many')).rejects.toBeInstanceOf(QueueFull);
  });

  it('does not let a school back after a quiet spell jump ahead of the others for long', async () => {
    const { add, drain } = queueOf({ concurrency: 1, maxWaiting: 20 });
    void add('b', 'b1');
    for (const name of ['a1', 'a2', 'a3']) void add('a', name);
    await drain(2);
    void add('b', 'b2');
    void add('b', 'b3');
    expect(await drain(4)).toEqual(['b1', 'a1', 'a2', 'b2', 'a3', 'b3']);
  });
});
