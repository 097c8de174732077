/** Past `maxWaiting` tasks from everyone together the server is overloaded. */
export class QueueFull extends Error {}

/**
 * Runs tasks `concurrency` at a time and takes the waiting ones by turns of their key (a school):
 * next is the key that has started the fewest tasks (start-time fair queuing), and a key that
 * arrives, or comes back, counts as having started as many as the task that started last, so it
 * neither waits behind another key's whole queue nor, after a quiet spell, jumps ahead of it for
 * long. A task is called only when it starts, so a time limit it sets counts its work, not its wait.
 */
export class FairQueue {
  private running = 0;
  private waitingCount = 0;
  /** Waiting tasks by key, in order of arrival (the order ties are broken in). */
  private readonly waiting = new Map<string, (() => void)[]>();
  /** Tasks started by each key with work waiting or just served, in this busy spell. */
  private readonly started = new Map<string, number>();
  /** The count the last started task was taken at: where a newcomer starts. */
  private now = 0;

  constructor(private readonly limits: { concurrency: number; maxWaiting: number }) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.waitingCount >= this.limits.maxWaiting) return Promise.reject(new QueueFull());
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running += 1;
        Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.startNext();
          });
      };
      const queue = this.waiting.get(key);
      if (queue) queue.push(start);
      else {
        this.waiting.set(key, [start]);
        this.started.set(key, Math.max(this.started.get(key) ?? 0, this.now));
      }
      this.waitingCount += 1;
      this.startNext();
    });
  }

  private startNext() {
    while (this.running < this.limits.concurrency && this.waitingCount > 0) {
      let next = '';
      for (const key of this.waiting.keys()) {
        if (!next || (this.started.get(key) ?? 0) < (this.started.get(next) ?? 0)) next = key;
      }
      const queue = this.waiting.get(next) as (() => void)[];
      const start = queue.shift() as () => void;
      if (queue.length === 0) this.waiting.delete(next);
      this.waitingCount -= 1;
      this.now = this.started.get(next) ?? 0;
      this.started.set(next, this.now + 1);
      // A key with nothing waiting that has not got ahead would come back at `now` anyway.
      for (const [key, count] of this.started) {
        if (count <= this.now && !this.waiting.has(key)) this.started.delete(key);
      }
      start();
    }
  }
}
