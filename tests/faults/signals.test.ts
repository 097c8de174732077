import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../scale-out/servers';
import { isRunning } from './processes';

/** The grace period of server/main.ts: a stop must never take longer. */
const graceMs = 30_000;

const root = mkdtempSync(path.join(tmpdir(), 'spirit-signals-'));
const staticDir = mkdtempSync(path.join(tmpdir(), 'spirit-signals-app-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Spirit Portal</title>');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
});

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function serverEnv() {
  const port = await freePort();
  return {
    url: `http://127.0.0.1:${port}`,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(root, 'data-')),
      STATIC_DIR: staticDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: 'admin@signals.example',
      ADMIN_PASSWORD: 'Signals-Passw0rd!',
      LOG_LEVEL: 'info',
    },
  };
}

async function waitReady(url: string, child: ChildProcess) {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return fetch(`${url}/readyz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 90_000, interval: 200 },
    )
    .toBe(200);
}

function exitOf(child: ChildProcess) {
  return new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

/** Resolves with how long the process took to exit after the signal, or rejects past the grace period. */
async function stopTime(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  const started = Date.now();
  child.kill(signal);
  const timedOut = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('still running after the grace period')), graceMs + 5000).unref(),
  );
  await Promise.race([exitOf(child), timedOut]);
  return Date.now() - started;
}

/**
 * Many requests, each of which writes two log lines with its long path (a successful probe logs
 * nothing, and the query string is not logged): far more than a pipe buffer (64 KB) holds. A
 * server stalled by its log pipe never answers; the generous limit is for a busy machine.
 */
async function requestMany(url: string, count: number) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${url}/api/no-such-page-${'x'.repeat(500)}`, {
      signal: AbortSignal.timeout(30_000),
    }).catch((error: Error) => {
      throw new Error(`request ${i + 1} of ${count} got no answer: ${error.message}`);
    });
    expect(response.status).toBe(404);
    // An unread body keeps its connection busy until garbage collection: on a busy machine
    // those piled up until the client stalled, whatever the server did.
    await response.arrayBuffer();
  }
}

describe('stopping whatever the log pipe does', () => {
  it('keeps answering and stops on SIGTERM while nobody reads its output', async () => {
    const { url, env } = await serverEnv();
    // Both ends of a pipe held here and never read: the server's writes fill it and then stall.
    const fifo = path.join(root, 'log.fifo');
    execFileSync('mkfifo', [fifo]);
    const pipe = openSync(fifo, 'r+');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', pipe, pipe],
    });
    children.push(child);
    try {
      await waitReady(url, child);
      await requestMany(url, 300);
      expect(await stopTime(child)).toBeLessThan(graceMs);
    } finally {
      closeSync(pipe);
      rmSync(fifo, { force: true });
    }
  }, 240_000);

  it('keeps answering and stops on SIGTERM when another holder of its log pipe made it blocking', async () => {
    const { url, env } = await serverEnv();
    const fifo = path.join(root, 'blocking.fifo');
    execFileSync('mkfifo', [fifo]);
    const pipe = openSync(fifo, 'r+');
    // The non-blocking flag belongs to the pipe's file description, which every process given
    // it shares. A Node process (npm, tsx) puts back at exit the flags it found at start: one
    // started before the server makes the pipe blocking again under it when it ends.
    const holder = spawn(process.execPath, ['-e', 'process.stdout; process.stdin.resume()'], {
      stdio: ['pipe', pipe, 'ignore'],
    });
    children.push(holder);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', pipe, pipe],
    });
    children.push(child);
    try {
      await waitReady(url, child);
      expect(blocking(child.pid!, 1)).toBe(false);
      holder.stdin!.end();
      await exitOf(holder);
      expect(blocking(child.pid!, 1)).toBe(true);
      await requestMany(url, 300);
      expect(await stopTime(child)).toBeLessThan(graceMs);
    } finally {
      closeSync(pipe);
      rmSync(fifo, { force: true });
    }
  }, 240_000);

  it('keeps answering and stops on SIGTERM when its output pipe was closed', async () => {
    const { url, env } = await serverEnv();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    await waitReady(url, child);
    child.stdout!.destroy();
    child.stderr!.destroy();
    await requestMany(url, 50);
    expect(await stopTime(child)).toBeLessThan(graceMs);
  }, 240_000);
});

/** Whether writes to the process's `fd` wait for the reader: O_NONBLOCK (04000) is off (Linux). */
function blocking(pid: number, fd: number) {
  const flags = /^flags:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))![1];
  return (parseInt(flags, 8) & 0o4000) === 0;
}

/** The processes whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

describe('the production start command', () => {
  beforeAll(() => {
    execFileSync('npm', ['run', 'build:server'], { stdio: 'ignore' });
  }, 120_000);

  it('runs the server as the direct child of `npm run serve`, and SIGTERM to npm stops it', async () => {
    const { url, env } = await serverEnv();
    const npm = spawn('npm', ['run', 'serve'], { env, stdio: ['ignore', 'ignore', 'ignore'] });
    children.push(npm);
    await waitReady(url, npm);
    const servers = childrenOf(npm.pid!);
    expect(servers).toHaveLength(1);
    const command = readFileSync(`/proc/${servers[0]}/cmdline`, 'utf8').split('\0');
    expect(command.some((arg) => arg.includes('tsx'))).toBe(false);

    expect(await stopTime(npm)).toBeLessThan(graceMs);
    await expect.poll(() => isRunning(servers[0]), { timeout: graceMs, interval: 100 }).toBe(false);
    const answer = await fetch(`${url}/healthz`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(answer).toBe('refused');
  }, 240_000);
});
