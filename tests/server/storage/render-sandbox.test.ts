import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { serverBuild } from '../../../server/ops/server-build';
import { type RenderReply, RenderSandbox, RenderTimedOut } from '../../../server/storage/render-sandbox';
import { isRunning } from '../../faults/processes';

/**
 * libvips cannot be stopped from inside a process: a render killed only in appearance went on
 * for minutes after its job had failed. The sandbox draws in child processes it kills.
 */
const sandbox = new RenderSandbox();
afterEach(() => sandbox.close());

/** Minutes of drawing at any size: its cost grows with the square of its length. */
const endless = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><text x="0" y="250" textLength="500" lengthAdjust="spacingAndGlyphs">${'W'.repeat(300_000)}</text></svg>`,
);
const small = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="9" height="9"/></svg>',
);

/** The child drawing now, once the sandbox has started one. */
async function drawingChild() {
  await expect.poll(() => sandbox.pids.length, { timeout: 30_000 }).toBe(1);
  return sandbox.pids[0];
}

describe('drawing an untrusted image', () => {
  it('draws in a child process and answers what it drew', async () => {
    await expect(
      sandbox.run({ kind: 'svgSize', svg: small, side: 512 }, { timeoutMs: 10_000 }),
    ).resolves.toEqual({
      width: 40,
      height: 30,
    });
  });

  it('kills a render that runs past its time, leaving no process drawing behind', async () => {
    const render = sandbox.run({ kind: 'svgSize', svg: endless, side: 512 }, { timeoutMs: 1_000 });
    const pid = await drawingChild();
    await expect(render).rejects.toBeInstanceOf(RenderTimedOut);
    await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
    expect(sandbox.pids).toEqual([]);
  }, 60_000);

  it('kills a render when whoever waits for it gives up, as a job at its time limit does', async () => {
    const job = new AbortController();
    const render = sandbox.run({ kind: 'svgSize', svg: endless, side: 512 }, { signal: job.signal });
    const pid = await drawingChild();
    const limit = new Error('The job ran past its time limit');
    job.abort(limit);
    await expect(render).rejects.toBe(limit);
    await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
  }, 60_000);

  it('kills every running render when closed, so a stopping server can exit', async () => {
    const render = sandbox.run({ kind: 'svgSize', svg: endless, side: 512 });
    const pid = await drawingChild();
    sandbox.close();
    await expect(render).rejects.toThrow(/stopped/);
    await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
  }, 60_000);

  it('draws the next image in a fresh child after one was killed', async () => {
    await expect(
      sandbox.run({ kind: 'svgSize', svg: endless, side: 512 }, { timeoutMs: 500 }),
    ).rejects.toBeInstanceOf(RenderTimedOut);
    await expect(
      sandbox.run({ kind: 'svgSize', svg: small, side: 512 }, { timeoutMs: 10_000 }),
    ).resolves.toEqual({
      width: 40,
      height: 30,
    });
  }, 60_000);
});

describe('the render child in production', () => {
  it('is built into dist-server beside the server and draws with plain node', async () => {
    // Inside the checkout, so the built child finds the packages it leaves external.
    const outdir = mkdtempSync(path.join(process.cwd(), '.render-build-'));
    try {
      await build({
        ...serverBuild,
        entryPoints: { 'render-child': serverBuild.entryPoints['render-child'] },
        outdir,
        sourcemap: false,
      });
      const child = fork(path.join(outdir, 'render-child.js'), [], {
        serialization: 'advanced',
        execArgv: [],
      });
      const replies: RenderReply[] = [];
      child.on('message', (reply: RenderReply) => {
        replies.push(reply);
        if ('ready' in reply) child.send({ id: 1, task: { kind: 'svgSize', svg: small, side: 512 } });
      });
      try {
        await expect
          .poll(() => replies, { timeout: 30_000 })
          .toContainEqual({ id: 1, result: { width: 40, height: 30 } });
      } finally {
        child.kill('SIGKILL');
      }
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 60_000);
});
