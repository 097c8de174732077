/**
 * `npm run bench`: measures the API on both drivers and the front end, side by side in one run,
 * and writes bench/RESULTS.md. Everything runs on this machine against 127.0.0.1 only; every
 * load run is bounded (autocannon, 32 connections, 10 s).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { keptSections } from './scale-section';
import { postgresBinDir, startPostgres } from '../tests/server/global-setup-postgres';
import {
  connections,
  durationSeconds,
  removeBenchServer,
  searchTerm,
  shortTerm,
  root,
  type Driver,
  type Load,
  log,
  rssMiB,
  idleRssMiB,
  type BenchServer,
  startBenchServer,
  signIn,
  type ExportRun,
  type DriverResults,
} from './harness';
import { frontEnd } from './front-end';
import { pageBudgets, scriptBenches, report } from './report';

const quick = process.env.BENCH_QUICK === '1';
/** `BENCH_EXPORT_ONLY=1`: only the CSV export of the users, printed and not written to RESULTS.md. */
const exportOnly = process.env.BENCH_EXPORT_ONLY === '1';
/** `BENCH_SCALE=S|M|L|all`: only bench/scale.ts, which writes its own section of RESULTS.md (`all`). */
/** `BENCH_FRONT_ONLY=1`: only the front end (page weights, Lighthouse), printed and not written to RESULTS.md. */
const frontOnly = process.env.BENCH_FRONT_ONLY === '1';

async function load(
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
): Promise<Load> {
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      connections,
      duration,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  await run(1); // warm-up: JIT, caches, pool connections
  const result = await run(durationSeconds);
  const measured = {
    name,
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
  log(`${name}: ${measured.reqPerSec} req/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms`);
  return measured;
}

/** `GET /api/users/export` of every seeded user, read as it streams, with the server's RSS sampled. */
async function measureExport(server: BenchServer, cookie: string): Promise<ExportRun> {
  global.gc?.();
  const pid = server.child.pid!;
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  let rows = -1;
  try {
    const response = await fetch(`${server.appUrl}/api/users/export`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      for (const byte of read.value) if (byte === 10) rows++;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows, seconds, rowsPerSec: Math.round(rows / seconds), rssGrowthMiB: peak - before };
}

async function benchDriver(driver: Driver, env: Record<string, string>): Promise<DriverResults> {
  log(`${driver}: starting the server and seeding 100,000 users`);
  const server = await startBenchServer(env);
  try {
    const cookie = await signIn(server.appUrl);
    if (exportOnly) {
      const exported = await measureExport(server, cookie);
      return {
        driver,
        loads: [],
        rssIdle: rssMiB(server.child.pid!),
        rssJustAfterWork: 0,
        rssAfterTable: 0,
        explain: {},
        exported,
      };
    }
    const headers = { cookie };
    const explain: Record<string, string[]> = {};
    for (const term of [searchTerm, shortTerm]) {
      const response = await fetch(`${server.appUrl}/bench/explain?term=${term}`);
      explain[term] = ((await response.json()) as { result: string[] }).result;
    }
    const tableCheck = await fetch(`${server.appUrl}/api/users/table`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ skip: 0, take: 10, allSearch: searchTerm }),
    });
    const matches = ((await tableCheck.json()) as { result: { totalFilteredRecords: number } }).result;
    log(`${driver}: "${searchTerm}" matches ${matches.totalFilteredRecords} users`);
    global.gc?.();
    const { justAfter: rssJustAfterWork, idle: rssIdle } = await idleRssMiB(server.child.pid!);
    // Printed as well as written: a later step that fails (a seed timing out on a busy machine)
    // leaves the figure, and where the memory is, in the log.
    const memory = (
      (await (await fetch(`${server.appUrl}/bench/memory`)).json()) as { result: Record<string, unknown> }
    ).result;
    const mib = (key: string) => `${key} ${Math.round(Number(memory[key]) / 2 ** 20)}`;
    log(
      `${driver}: idle RSS ${rssIdle} MiB settled (${rssJustAfterWork} right after the seed and the sign-in); MiB: ${['heapTotal', 'heapUsed', 'external', 'arrayBuffers', 'wasmMemory'].map(mib).join(', ')}`,
    );
    const loads = [
      await load('bare Fastify route (baseline)', { url: `${server.bareUrl}/bare` }),
      await load('GET /api/account/me', { url: `${server.appUrl}/api/account/me`, headers }),
      await load(`POST /api/users/table, search "${searchTerm}"`, {
        url: `${server.appUrl}/api/users/table`,
        method: 'POST',
        headers,
        body: { skip: 0, take: 10, allSearch: searchTerm },
      }),
      await load(`POST /api/users/table, search "${shortTerm}"`, {
        url: `${server.appUrl}/api/users/table`,
        method: 'POST',
        headers,
        body: { skip: 0, take: 10, allSearch: shortTerm },
      }),
    ];
    const rssAfterTable = rssMiB(server.child.pid!);
    const exported = await measureExport(server, cookie);
    return { driver, loads, rssIdle, rssJustAfterWork, rssAfterTable, explain, exported };
  } finally {
    await server.stop();
  }
}

async function main() {
  // The sizes of issue 32 (bench/scale.ts), apart: seeding L takes minutes.
  if (process.env.BENCH_SCALE) {
    await import('./scale');
    return;
  }
  if (frontOnly) {
    const { weights, lighthouse } = await frontEnd();
    for (const w of weights)
      for (const f of w.files) log(`${w.page}: ${f.url} ${(f.gzipBytes / 1024).toFixed(1)} KB`);
    log(`Lighthouse: ${JSON.stringify(lighthouse)}`);
    // A page's weight does not depend on the machine's load, unlike the timings: a miss fails.
    for (const { page, kb, targetKb, met } of pageBudgets(weights)) {
      log(`${page}: ${kb.toFixed(1)} KB JS gzip, target ≤ ${targetKb} KB: ${met ? 'met' : 'MISSED'}`);
      if (!met) process.exitCode = 1;
    }
    return;
  }
  const startedAt = new Date();
  const drivers: DriverResults[] = [];
  const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'spirit-bench-pglite-'));
  try {
    drivers.push(await benchDriver('pglite', { DATA_DIR: pgliteDir }));
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
  if (postgresBinDir()) {
    const postgres = await startPostgres();
    try {
      drivers.push(await benchDriver('pg', { DATABASE_URL: postgres.url }));
    } finally {
      postgres.stop();
    }
  } else {
    log('PostgreSQL is not installed: its runs are skipped');
  }
  if (exportOnly) {
    for (const { driver, exported } of drivers) log(`${driver}: export ${JSON.stringify(exported)}`);
    return;
  }
  const front = quick ? undefined : await frontEnd();
  const scripts = quick ? [] : scriptBenches();
  const markdown = report(startedAt, drivers, front, scripts);
  const resultsFile = path.join(root, 'bench', 'RESULTS.md');
  writeFileSync(
    resultsFile,
    `${markdown}\n${existsSync(resultsFile) ? keptSections(readFileSync(resultsFile, 'utf8')) : ''}`,
  );
  log('wrote bench/RESULTS.md');
}

main()
  .finally(removeBenchServer)
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
