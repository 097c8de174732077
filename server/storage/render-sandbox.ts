import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Placement, PrintArea, Size } from '../../contract/composition';
import type { TextLayer } from '../../contract/text';
import type { GarmentOutline } from './garment-maps';

/**
 * Untrusted images are decoded and drawn by libvips, native code that nothing inside a process
 * can stop: a worker thread ended at its time limit left its render running (4.5 min of CPU
 * after the job had failed), and kept a stopping server alive. So they are drawn in child
 * processes (render-child.ts), one render at a time each, killed with SIGKILL at their deadline
 * or when whoever waits gives up; a child's memory is bounded by its heap limit and by sharp's
 * pixel limits. Children are started on demand, reused while they behave, let go when idle.
 */

/** A logo by its bytes, or a text by its layer: the child loads the bundled font itself. */
export type SandboxArtwork = { image: Uint8Array; placement: Placement } | { text: TextLayer };

export type RenderTask =
  /** An image's own size, from its header (an SVG's from its parsed document). */
  | { kind: 'size'; image: Uint8Array }
  /** An image's size and its spot colours (the preflight's), read from it drawn small. */
  | { kind: 'ink'; image: Uint8Array }
  /** An SVG's size, after drawing it once at most `side` pixels on its longer side. */
  | { kind: 'svgSize'; svg: Uint8Array; side: number }
  /** One side's print file (print.ts `renderSidePrint`), as PNG. */
  | { kind: 'print'; apparel: Size; area: PrintArea; artwork: SandboxArtwork[] }
  /** The product's picture on one garment colour and its thumbnail. */
  | {
      kind: 'picture';
      garment: Uint8Array;
      /** The outline the garment was drawn from, whose folds shade it; null for an uploaded one. */
      outline: GarmentOutline | null;
      area: PrintArea;
      artwork: SandboxArtwork[];
      thumbnailWidth: number;
    }
  /** A composed upload re-encoded, and its thumbnail. */
  | { kind: 'productImages'; original: Uint8Array; thumbnailWidth: number };

export interface RenderResults {
  size: Size;
  svgSize: Size;
  ink: Size & { colours: string[]; gradient: boolean };
  print: Buffer;
  picture: { finalPng: Buffer; thumbnailPng: Buffer };
  productImages: { finalPng: Buffer; thumbnailPng: Buffer };
}

export interface RenderRequest {
  id: number;
  task: RenderTask;
}

export type RenderReply = { ready: true } | { id: number; result: unknown } | { id: number; error: string };

/** A render that ran past its time and was killed. */
export class RenderTimedOut extends Error {}
/** A render that could not finish: the image is broken, or its child ran out of memory. */
export class RenderFailed extends Error {}
/** Every child is busy and too many renders wait already. */
export class RenderBusy extends Error {}

export interface RenderOptions {
  /** Wall-clock time the render may take once a child has it; it is killed past that. */
  timeoutMs?: number;
  /** Kills the render when aborted (a job's time limit, a stopping worker). */
  signal?: AbortSignal;
}

export interface RenderSandboxOptions {
  /**
   * Renders at once: the render lane's two job workers and an upload's trial beside them, so a
   * logo's upload never waits behind two products' prints.
   */
  maxChildren?: number;
  maxWaiting?: number;
  /** A child's JavaScript heap, in MB; pixels are held outside it and bounded by sharp. */
  maxHeapMb?: number;
  idleMs?: number;
}

// Built (dist-server/) the child's entry is JavaScript beside this module; from source tsx runs it.
const built = import.meta.url.endsWith('.js');
const childEntry = fileURLToPath(new URL(built ? './render-child.js' : './render-child.ts', import.meta.url));

/** Buffers cross the channel as plain byte arrays. */
const revive = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, revive(inner)]));
  return value;
};

/** Lets a child's process and channel hold the parent's event loop open, or not. */
const hold = (child: ChildProcess, held: boolean) => {
  if (held) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
};

export class RenderSandbox {
  private readonly maxChildren: number;
  private readonly maxWaiting: number;
  private readonly maxHeapMb: number;
  private readonly idleMs: number;
  private readonly idle = new Map<ChildProcess, NodeJS.Timeout>();
  /** Every live child with how to end whatever it is doing. */
  private readonly live = new Map<ChildProcess, (error: Error) => void>();
  private readonly waiting: { take: (child: ChildProcess | null) => void; fail: (error: Error) => void }[] =
    [];
  private starting = 0;
  private lastId = 0;

  constructor(options: RenderSandboxOptions = {}) {
    this.maxChildren = options.maxChildren ?? 3;
    this.maxWaiting = options.maxWaiting ?? 20;
    this.maxHeapMb = options.maxHeapMb ?? 512;
    this.idleMs = options.idleMs ?? 30_000;
  }

  /** The process ids of the live children: what a test checks has gone. */
  get pids(): number[] {
    return [...this.live.keys()].map((child) => child.pid!);
  }

  async run<K extends RenderTask['kind']>(
    task: Extract<RenderTask, { kind: K }>,
    { timeoutMs, signal }: RenderOptions = {},
  ): Promise<RenderResults[K]> {
    signal?.throwIfAborted();
    const child = await this.acquire();
    if (signal?.aborted) {
      this.release(child);
      signal.throwIfAborted();
    }
    const id = ++this.lastId;
    return new Promise<RenderResults[K]>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', aborted);
        child.off('message', replied);
        this.live.set(child, () => this.kill(child));
      };
      const end = (error: Error) => {
        settle();
        this.kill(child);
        reject(error);
      };
      const replied = (reply: RenderReply) => {
        if (!('id' in reply) || reply.id !== id) return;
        settle();
        this.release(child);
        if ('error' in reply) reject(new RenderFailed(reply.error));
        else resolve(revive(reply.result) as RenderResults[K]);
      };
      const aborted = () => end(signal!.reason instanceof Error ? signal!.reason : new RenderTimedOut());
      this.live.set(child, end);
      child.on('message', replied);
      signal?.addEventListener('abort', aborted, { once: true });
      if (timeoutMs !== undefined)
        timer = setTimeout(
          () => end(new RenderTimedOut(`The render ran past its ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      child.send({ id, task } satisfies RenderRequest);
    });
  }

  /** Kills every child, running or idle, and fails the renders waiting for one. */
  close() {
    for (const waiter of this.waiting.splice(0)) waiter.fail(new RenderFailed('The renderer was stopped'));
    for (const end of [...this.live.values()]) end(new RenderFailed('The renderer was stopped'));
  }

  private async acquire(): Promise<ChildProcess> {
    const [reused] = this.idle;
    if (reused) {
      clearTimeout(reused[1]);
      this.idle.delete(reused[0]);
      hold(reused[0], true);
      return reused[0];
    }
    if (this.live.size + this.starting < this.maxChildren) return this.start();
    if (this.waiting.length >= this.maxWaiting) throw new RenderBusy('The server is busy drawing images');
    const handed = await new Promise<ChildProcess | null>((take, fail) => this.waiting.push({ take, fail }));
    return handed ?? this.start();
  }

  private async start(): Promise<ChildProcess> {
    this.starting += 1;
    try {
      const child = fork(childEntry, [], {
        execArgv: [...(built ? [] : ['--import', 'tsx']), `--max-old-space-size=${this.maxHeapMb}`],
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      await new Promise<void>((ready, failed) => {
        child.once('message', () => ready());
        child.once('exit', () => failed(new RenderFailed('The renderer could not start')));
        child.once('error', failed);
      });
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      // A child that dies by itself (out of memory) or whose channel breaks fails what it was drawing.
      const died = () => this.live.get(child)?.(new RenderFailed('The image could not be drawn'));
      child.once('exit', died);
      child.on('error', died);
      this.live.set(child, () => this.kill(child));
      return child;
    } catch (error) {
      // The place it was to take is free again.
      this.waiting.shift()?.take(null);
      throw error;
    } finally {
      this.starting -= 1;
    }
  }

  /** A child done with its render: to the next waiting render, or idle until let go. */
  private release(child: ChildProcess) {
    const next = this.waiting.shift();
    if (next) return next.take(child);
    hold(child, false);
    // Nor does the wait to let it go keep a finishing script alive.
    this.idle.set(child, setTimeout(() => this.kill(child), this.idleMs).unref());
  }

  private kill(child: ChildProcess) {
    clearTimeout(this.idle.get(child));
    this.idle.delete(child);
    if (!this.live.delete(child)) return;
    child.kill('SIGKILL');
    // Its place is free: a waiting render starts a child of its own.
    this.waiting.shift()?.take(null);
  }
}

/** The process's one sandbox: every organization's renders share its children. */
export const renderSandbox = new RenderSandbox();

/** Lets every render child go, so a closing server process can exit. */
export function closeRenderSandbox() {
  renderSandbox.close();
}
