/** What `npm run bench` shares between its parts: the server it builds and starts, signing in, memory readings, the results' shapes. */
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { serverEnvironment, serverNodeFlags } from '../server/ops/server-command';

export const connections = 32;
export const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
export const searchTerm = 'smithson';
export const shortTerm = 'jo';
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const admin = { email: 'admin@bench.example', password: 'Bench-Passw0rd!' };

export type Driver = 'pglite' | 'pg';

export interface Load {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

export function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

export function rssMiB(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * RSS once the server is left alone. V8 returns the pages of work just done (the seed, the
 * sign-in) only when its memory reducer finds the process idle, some seconds later: read right
 * after the work, the same code measured anything from 290 to 360 MiB on PGlite, and about 265
 * ten seconds on. Read once it has not fallen for 5 s, at most 30 s after the work.
 */
export async function idleRssMiB(pid: number) {
  const readings = [rssMiB(pid)];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    readings.push(rssMiB(pid));
    const recent = readings.slice(-6);
    if (recent.length === 6 && recent[0] - Math.min(...recent) <= 1) break;
  }
  return { justAfter: readings[0], idle: readings.at(-1)! };
}

export interface BenchServer {
  child: ChildProcess;
  bareUrl: string;
  appUrl: string;
  stop(): Promise<void>;
}

/**
 * bench/server.ts compiled as `npm run build:server` compiles the server, so the run measures the
 * JavaScript production runs, without tsx compiling TypeScript in the process (about 30 MiB of
 * RSS of its own). Built inside the repository so that its imports find node_modules.
 */
async function buildBenchServer() {
  const { build } = await import('esbuild');
  mkdirSync(path.join(root, 'bench', '.tmp'), { recursive: true });
  const outdir = mkdtempSync(path.join(root, 'bench', '.tmp', 'server-'));
  await build({
    entryPoints: { server: 'bench/server.ts', 'svg-worker': 'server/storage/svg-worker.ts' },
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  // server/db/client.ts reads the migrations beside its own module.
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return outdir;
}

let benchServerDir: string | undefined;

/** Removes the server built for the run, once it is over. */
export const removeBenchServer = () =>
  benchServerDir && rmSync(benchServerDir, { recursive: true, force: true });

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  benchServerDir ??= await buildBenchServer();
  // As `npm run serve` runs the server (docs/operations.md, "Memory").
  const child = spawn(process.execPath, [...serverNodeFlags, path.join(benchServerDir, 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...serverEnvironment,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (!line.startsWith('{"ready"')) continue;
    const { bareUrl, appUrl } = JSON.parse(line) as { bareUrl: string; appUrl: string };
    return {
      child,
      bareUrl,
      appUrl,
      async stop() {
        child.kill('SIGTERM');
        await exited;
      },
    };
  }
  throw new Error('bench server exited before it was ready');
}

export async function signIn(appUrl: string) {
  const response = await fetch(`${appUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sp_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0];
}

export interface ExportRun {
  rows: number;
  seconds: number;
  rowsPerSec: number;
  /** The server's largest RSS during the export, less its RSS just before. */
  rssGrowthMiB: number;
}

export interface DriverResults {
  driver: Driver;
  loads: Load[];
  /** Settled, see idleRssMiB; and as read right after the seed and the sign-in. */
  rssIdle: number;
  rssJustAfterWork: number;
  rssAfterTable: number;
  explain: Record<string, string[]>;
  exported?: ExportRun;
}
