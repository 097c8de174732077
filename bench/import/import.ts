/**
 * 10,000 promo codes from one CSV (issue 34): the preview and the commit, each timed, with the
 * server process's highest resident memory during each (the kernel's high-water mark), against
 * its RSS just before (targets: under 10 s each, under 100 MiB extra). In-process, through `inject`, on
 * PGlite (whose PostgreSQL lives in this process, so its memory counts) and on PostgreSQL (a
 * throwaway server, or `DATABASE_URL`).
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
import { seedReferenceData } from '../../server/db/seed';
import { startPostgres } from '../../tests/server/global-setup-postgres';
import { csvOf, importForm } from '../../tests/server/engine/import/files';

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

/** The call's time and the highest RSS above the RSS before it. */
async function measured<T>(call: () => Promise<T>) {
  globalThis.gc?.();
  resetPeakRss();
  const before = rssNowAndPeak().now;
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  return { result, ms, extraMiB: mib(rssNowAndPeak().peak - before) };
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
  const preview = await measured(() => send('import/preview'));
  const previewed = preview.result.json().result;
  if (previewed.created !== rows) throw new Error(`preview: ${preview.result.body.slice(0, 500)}`);
  const commit = await measured(() => send('import'));
  if (commit.result.statusCode !== 200) throw new Error(`commit: ${commit.result.body.slice(0, 500)}`);
  await app.close();
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  const line = (name: string, figures: { ms: number; extraMiB: number }) =>
    `${driver.padEnd(6)} ${name.padEnd(7)} ${(figures.ms / 1000).toFixed(2)} s, +${figures.extraMiB.toFixed(1)} MiB` +
    (figures.ms < target.ms && figures.extraMiB < target.mib ? '' : '  (over target)');
  console.log(line('preview', preview));
  console.log(line('commit', commit));
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
