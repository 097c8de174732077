import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';

/**
 * A pool of one worker thread for work that would stall every other request on the main thread
 * (sanitizing an SVG, reading a spreadsheet), started on the first task and let go when idle.
 * The worker module lies beside the caller (`callerUrl`, its `import.meta.url`): JavaScript once
 * built into dist-server/, TypeScript run through the `tsx` loader from source.
 */
export function oneThreadPool(
  callerUrl: string,
  worker: string,
  options: { maxQueue: number; resourceLimits?: { maxOldGenerationSizeMb: number } },
) {
  const built = callerUrl.endsWith('.js');
  return new Piscina({
    filename: fileURLToPath(new URL(`./${worker}.${built ? 'js' : 'ts'}`, callerUrl)),
    execArgv: built ? [] : ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    ...options,
  });
}
