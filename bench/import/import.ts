/**
 * 10,000 promo codes from one CSV (issue 34): the preview and the commit, each timed, with the
 * server process's highest resident memory during each (the kernel's high-water mark), against
 * its RSS just before (targets: under 10 s each, under 100 MiB extra). In-process, through `inject`, on
 * PGlite (whose PostgreSQL lives in this process, so its memory counts) and on PostgreSQL (a
 * throwaway server, or `DATABASE_URL`).
 * Then its Undo. Also another signed-in user's `GET /api/account/me` p95 while each runs (target under 1 s),
 * and the answer time and memory of a workbook of rows of 16,384 empty cells (issue 45: a 572 KB
 * one took the server down), refused by its cell count.
 * Run: `npx tsx bench/import/import.ts` (`BENCH_IMPORT_ROWS=50000` for another size).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { usStates } from '../../contract/us-states';
import { roles } from '../../contract/roles';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { randomToken } from '../../server/auth/tokens';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { seedReferenceData } from '../../server/seed';
import { startPostgres } from '../../tests/server/global-setup-postgres';
import { csvOf, importForm, xlsxWithRepeatedRow } from '../../tests/server/engine/import/files';

const rows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const target = { ms: 10_000, mib: 100 };
const email = 'bench@import.example';
const password = 'Bench-Passw0rd!2026';

const mib = (bytes: number) => bytes / (1024 * 1024);

function promoCodes() {
  const lines = [['Code', 'Name', 'Organization', 'State', 'Active', 'Description']];
  for (let n = 0; n < rows; n++) {
    const state = usStates[n % usStates.length];
    lines.push([
      `BENCH${n}`,
      `Season sale ${n}`,
      'Lincoln High',
      `${state.code} - ${state.name}`,
      n % 3 ? 'yes' : 'no',
      `Row ${n} of the bench`,
    ]);
  }
  return csvOf(lines);
}

/** Resident memory now, and at its highest since the last `resetPeakRss`, in bytes (Linux). */
function rssNowAndPeak() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
  return { now: kib('VmRSS'), peak: kib('VmHWM') };
}

/**
 * The kernel's high-water mark, not a sampler: PGlite runs on this thread, so a timer fires only
 * between its statements and misses a peak inside one.
 */
const resetPeakRss = () => writeFileSync('/proc/self/clear_refs', '5');

/**
 * The zip bomb: 7,000 rows of 16,384 empty cells, 572 KB zipped, 459 MB of XML inflated
 * (it took the server down after 143 s). Built once, before any server runs.
 */
const zipBomb = xlsxWithRepeatedRow(`<row>${'<c/>'.repeat(16_384)}</row>`, 7_000);
globalThis.gc?.();

const p95 = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;

/**
 * The call's time, the highest RSS above the RSS before it, and another user's `/me` p95 while
 * it ran (one request at a time, as a person's page would).
 */
async function measured<T>(call: () => Promise<T>, other: () => Promise<unknown>) {
  globalThis.gc?.();
  resetPeakRss();
  const before = rssNowAndPeak().now;
  const started = performance.now();
  let running = true;
  const latencies: number[] = [];
  const watcher = (async () => {
    while (running) {
      const asked = performance.now();
      await other();
      latencies.push(performance.now() - asked);
      // On PGlite a request may settle in microtasks alone: without a turn of the event loop, the
      // import's own I/O (the reader thread's answer) would never be let in.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const result = await call().finally(() => {
    running = false;
  });
  const ms = performance.now() - started;
  await watcher;
  const { peak } = rssNowAndPeak();
  return { result, ms, extraMiB: mib(peak - before), peakMiB: mib(peak), otherP95: p95(latencies) };
}

async function bench(driver: 'pglite' | 'pg', databaseUrl?: string) {
  // On PGlite, a data directory on disk as the embedded default runs (`DATA_DIR`), not the tests'
  // `memory://`, whose files (the write-ahead log's 16 MB segments among them) live in this
  // process's memory.
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const config = testConfig({
    databaseUrl,
    ...(dataDir && { dataDir, pgliteDir: path.join(dataDir, 'db') }),
  });
  const database = await openDatabase(config);
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp(config, { database });
  await app.ready();
  await database.db.insert(users).values({
    email,
    normalizedEmail: email,
    username: email,
    firstName: 'Bench',
    lastName: 'Import',
    roles: [roles.admin],
    passwordHash: await hashPassword(password),
    securityStamp: randomToken(16),
    emailConfirmed: true,
  });
  const signedIn = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password },
  });
  const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const file = promoCodes();
  const send = (path: string) => {
    const form = importForm(file);
    return app.inject({
      method: 'POST',
      url: `/api/promo-codes/${path}`,
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };
  const me = () => app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
  const preview = await measured(() => send('import/preview'), me);
  const previewed = preview.result.json().result;
  if (previewed.created !== rows) throw new Error(`preview: ${preview.result.body.slice(0, 500)}`);
  const commit = await measured(() => send('import'), me);
  if (commit.result.statusCode !== 200) throw new Error(`commit: ${commit.result.body.slice(0, 500)}`);
  // More than 1,000 rows: the Undo answers its job, which runs here in parts of 1,000 rows.
  const undoPath = `/api/promo-codes/import/${commit.result.json().result.importId}/undo`;
  const undo = await measured(async () => {
    await app.inject({ method: 'POST', url: undoPath, headers: { cookie } });
    await app.jobs.drain();
    return app.inject({ method: 'GET', url: undoPath, headers: { cookie } });
  }, me);
  if (undo.result.json().result?.result?.removed !== rows)
    throw new Error(`undo: ${undo.result.body.slice(0, 500)}`);
  const bomb = await measured(() => {
    const form = importForm(zipBomb, {}, 'empty-cells.xlsx');
    return app.inject({
      method: 'POST',
      url: '/api/promo-codes/import/preview',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  }, me);
  if (bomb.result.statusCode !== 400) throw new Error(`empty cells: ${bomb.result.body.slice(0, 500)}`);
  await app.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const line = (name: string, figures: { ms: number; extraMiB: number; peakMiB: number; otherP95: number }) =>
    `${driver.padEnd(6)} ${name.padEnd(7)} ${(figures.ms / 1000).toFixed(2)} s, +${figures.extraMiB.toFixed(1)} MiB (peak RSS ${figures.peakMiB.toFixed(0)} MiB), another user's /me p95 ${figures.otherP95.toFixed(0)} ms` +
    (figures.ms < target.ms && figures.extraMiB < target.mib && figures.otherP95 < 1000
      ? ''
      : '  (over target)');
  console.log(line('preview', preview));
  console.log(line('commit', commit));
  console.log(line('undo', undo));
  console.log(
    line(
      `${(zipBomb.length / 1024).toFixed(0)} KB zip bomb (7,000 rows of 16,384 empty cells), refused`,
      bomb,
    ),
  );
}

console.log(
  `${rows} promo codes, ${(promoCodes().length / 1024 / 1024).toFixed(2)} MB of CSV; targets under ${target.ms / 1000} s and ${target.mib} MiB extra each`,
);
await bench('pglite');
const postgres = process.env.DATABASE_URL ? undefined : await startPostgres();
try {
  await bench('pg', process.env.DATABASE_URL ?? postgres!.url);
} finally {
  postgres?.stop();
}
