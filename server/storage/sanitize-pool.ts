import type { Piscina } from 'piscina';
import { FairQueue, QueueFull } from '../fair-queue';
import { oneThreadPool } from '../worker-pool';
import { UploadRejected } from './image-limits';
import type { SanitizedSvg, templateBody } from './svg-worker';

/**
 * A maximal SVG takes about 2 s of CPU to parse and sanitize; on the main thread that would
 * stall every other request of the process, so it runs in a worker thread, started on the
 * first SVG and let go when idle. The `tsx` loader lets the worker run our TypeScript.
 * Every organization's SVGs share that thread, so schools take turns at it (`FairQueue`: one
 * task at a time, handed to piscina only when it starts), a task running past `svgTaskTimeoutMs`
 * of its own work is aborted (piscina ends its thread and starts a fresh one), and each user may
 * have at most `maxSvgTasksPerOwner` SVGs waiting or running.
 */
let svgPool: Piscina | undefined;

/** Ten times a maximal SVG on an idle core, so a busy machine does not refuse real logos. */
const svgTaskTimeoutMs = 20_000;
export const maxSvgTasksPerOwner = 2;
/** Beyond this many waiting tasks from all users together the server is overloaded. */
const maxSvgQueue = 20;
const svgTasksOf = new Map<string, number>();
const turns = new FairQueue({ concurrency: 1, maxWaiting: maxSvgQueue });

function sanitizerPool() {
  svgPool ??= oneThreadPool(import.meta.url, 'svg-worker', { maxQueue: maxSvgQueue });
  return svgPool;
}

/** Runs a task on the thread in `turn`'s turn; its time limit starts when it does. */
function inTurn(turn: string, source: string, options: { name?: string; timeoutMs: number }) {
  return turns.run(turn, () =>
    sanitizerPool().run(source, { name: options.name, signal: AbortSignal.timeout(options.timeoutMs) }),
  );
}

export async function sanitizeSvgOffThread(
  source: string,
  {
    owner,
    turn,
    timeoutMs = svgTaskTimeoutMs,
  }: {
    owner: string;
    /** Whose turn it waits for: the uploader's school (or address), so schools take turns. */
    turn: string;
    timeoutMs?: number;
  },
): Promise<string> {
  const running = svgTasksOf.get(owner) ?? 0;
  if (running >= maxSvgTasksPerOwner) {
    throw new UploadRejected('Your previous SVG is still being processed; try again in a moment');
  }
  svgTasksOf.set(owner, running + 1);
  let result: SanitizedSvg;
  try {
    result = (await inTurn(turn, source, { timeoutMs })) as SanitizedSvg;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') {
      throw new UploadRejected('The SVG took too long to process; simplify it or upload a PNG');
    }
    if (error instanceof QueueFull) {
      throw new UploadRejected('The server is busy processing SVGs; try again in a moment');
    }
    throw error;
  } finally {
    const left = (svgTasksOf.get(owner) ?? 1) - 1;
    if (left > 0) svgTasksOf.set(owner, left);
    else svgTasksOf.delete(owner);
  }
  if ('rejected' in result) throw new UploadRejected(result.rejected);
  return result.svg;
}

/**
 * An e-mail template's body sanitized by the same DOMPurify as SVGs, in the same worker, so the
 * main thread never loads a DOM; `empty` when nothing is left to read. An Admin's rare edit.
 */
export async function sanitizeTemplateOffThread(body: string) {
  return (await inTurn('admins', body, {
    name: 'templateBody',
    timeoutMs: svgTaskTimeoutMs,
  })) as ReturnType<typeof templateBody>;
}

/** Lets the worker thread go, so a closing server process can exit. */
export async function closeSvgWorker() {
  const pool = svgPool;
  svgPool = undefined;
  await pool?.destroy();
}
