/**
 * `npx tsx bench/scale.ts`: the dashboard, a school's orders, the orders export and the audit log
 * at the sizes of issue 32, seeded by SQL (every constraint valid). Prints, per call, the median
 * and p95 of calls made one at a time and the requests per second at 16 clients.
 *
 *   BENCH_SCALE=S|M|L|all     the sizes, comma-separated or all three (M by default; see `sizes`);
 *                             `BENCH_SCALE=all npm run bench` runs this too. PGlite goes up to M.
 *                             With more than one, a last table puts the sizes side by side
 *   BENCH_SCALE_DRIVERS=pg,pglite   the drivers (PostgreSQL only by default; PGlite is embedded, up to M)
 *   BENCH_DURATION=5          seconds of each load run
 *   BENCH_SCALE_EXPLAIN=1     also what EXPLAIN (ANALYZE, BUFFERS) says each of the sales card's
 *                             statements read, per period, of every school and of one (=full: the plans)
 *   BENCH_SCALE_INDEX_TIMES=1 also time migration 0027's indexes on the seeded tables
 *   BENCH_SCALE_DATABASE_URL  a PostgreSQL database of your own for L, seeded on the first run
 *                             and reused as it is after (seeding L takes minutes on a loaded machine)
 *
 * The app runs in this process (`buildApp`, as server/main.ts builds it) with autocannon beside
 * it: the calls measured wait on the database, which runs in processes of its own on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { orders as ordersDefinition } from '../contract/definitions';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { type SalesQuery, salesQueries, salesRange } from '../server/modules/dashboard/sales';
import { startPostgres } from '../tests/server/global-setup-postgres';
import { bigSchoolOrders, director, log, seed, seedWindows, sizes, timeIndexes } from './scale-seed';
import { writeScaleSection } from './scale-section';

const sizeNames =
  process.env.BENCH_SCALE === 'all' ? Object.keys(sizes) : (process.env.BENCH_SCALE ?? 'M').split(',');
for (const name of sizeNames)
  if (!sizes[name]) throw new Error(`BENCH_SCALE must be 'all' or among ${Object.keys(sizes).join(', ')}`);
/** An embedded district is realistic at M; a million orders is a server's. */
const pgliteSizes = ['S', 'M'];
const drivers = (
  process.env.BENCH_SCALE_DRIVERS ?? (process.env.BENCH_SCALE === 'all' ? 'pg,pglite' : 'pg')
).split(',');
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const aloneCalls = 30;
const clients = 16;
const dashboardP95Ms = 100;
const tableP95Ms = 20;
const dashboardReqPerSec = 100;
const pgliteDashboardP95Ms = 150;
const exportRowsPerSec = 50_000;
const mark = (met: boolean) => (met ? 'met' : '**missed**');
const admin = { email: 'admin@bench.example', password: 'Bench-Passw0rd!' };

async function signIn(url: string, account: { email: string; password: string }) {
  const response = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sp_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0];
}

interface Call {
  name: string;
  /** The issue's p95 target in ms, PostgreSQL at L (the dashboard's calls also >= 100 req/s). */
  p95Target: number;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  cookie: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(url: string, call: Call) {
  const request = () =>
    fetch(`${url}${call.path}`, {
      method: call.method ?? 'GET',
      headers: { cookie: call.cookie, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      body: call.body ? JSON.stringify(call.body) : undefined,
    });
  const warm = await request();
  if (!warm.ok) throw new Error(`${call.name}: ${warm.status} ${await warm.text()}`);
  await warm.arrayBuffer();
  const times: number[] = [];
  for (let n = 0; n < aloneCalls; n += 1) {
    const started = performance.now();
    await (await request()).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const loaded = await autocannon({
    url: `${url}${call.path}`,
    method: call.method ?? 'GET',
    connections: clients,
    duration: durationSeconds,
    headers: { cookie: call.cookie, ...(call.body ? { 'content-type': 'application/json' } : {}) },
    body: call.body ? JSON.stringify(call.body) : undefined,
  });
  return {
    median: percentile(times, 50),
    p95: percentile(times, 95),
    reqPerSec: loaded.requests.average,
    errors: loaded.errors + loaded.timeouts + loaded.non2xx,
  };
}

async function exportRate(url: string, path: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
  let rows = -1;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read())
    for (const byte of read.value) if (byte === 10) rows += 1;
  const seconds = (performance.now() - started) / 1000;
  return { rows, rowsPerSec: Math.round(rows / seconds) };
}

/** What EXPLAIN (ANALYZE, BUFFERS) says a statement read: rows per table scanned, buffers, time. */
function readSummary(plan: string) {
  const reads = new Map<string, number>();
  for (const [, table, rows, loops] of plan.matchAll(
    /(?:Seq Scan|(?<!Bitmap )Index Scan|Index Only Scan|Bitmap Heap Scan)(?: Backward)?(?: using \w+)? on (\w+)[^\n]*actual rows=(\d+) loops=(\d+)/g,
  ))
    reads.set(table, (reads.get(table) ?? 0) + Number(rows) * Number(loops));
  const buffers = /Buffers: shared hit=(\d+)(?: read=(\d+))?/.exec(plan);
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
  return `${[...reads].map(([table, rows]) => `${rows.toLocaleString('en')} rows of ${table}`).join(', ')}; ${Number(buffers?.[1] ?? 0) + Number(buffers?.[2] ?? 0)} buffers; ${time} ms`;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement of the sales card, for every period the bench
 * calls, of every school and of the big one: one summary line each (the whole plans too with
 * BENCH_SCALE_EXPLAIN=full).
 */
async function explainSales(db: Awaited<ReturnType<typeof buildApp>>['db'], school: number, now: Date) {
  const lines = ['| sales card statement | period | schools | what it read |', '|---|---|---|---|'];
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  const periods: [string, SalesQuery][] = [
    ['30 days', { period: '30' }],
    ['90 days', { period: '90' }],
    ['custom 366 days', { period: 'custom', from: yearAgo, to: now.toISOString().slice(0, 10) }],
    ['school year', { period: 'school-year' }],
  ];
  for (const [periodName, query] of periods)
    for (const organizationId of [undefined, school]) {
      const { since, days } = salesRange(query, now);
      const until = new Date(since.getTime() + days * 86_400_000);
      const statements = salesQueries(db, organizationId, since, until, now);
      const top = await statements.topProducts;
      for (const [name, statement] of Object.entries({
        perDay: statements.perDay,
        topProducts: statements.topProducts,
        unitsBefore: statements.unitsBefore(top.map((product) => product.productId)),
        previousTotals: statements.previousTotals,
      })) {
        const result = (await db.execute(
          sql`explain (analyze, buffers, costs off, timing off) ${statement}`,
        )) as unknown as { rows: Record<string, string>[] };
        const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
        const schools = organizationId === undefined ? 'all' : 'one';
        if (process.env.BENCH_SCALE_EXPLAIN === 'full')
          console.log(`${name}, ${periodName}, ${schools}:\n${plan}`);
        lines.push(`| ${name} | ${periodName} | ${schools} | ${readSummary(plan)} |`);
      }
    }
  return lines;
}

interface Measured {
  call: string;
  target: string;
  figure: string;
  met: boolean;
  p95: number;
}

async function benchDriver(
  driver: string,
  sizeName: string,
): Promise<{ measured: Measured[]; explained: string[] }> {
  const size = sizes[sizeName];
  const ownDatabase = driver === 'pg' && sizeName === 'L' ? process.env.BENCH_SCALE_DATABASE_URL : undefined;
  const postgres = driver === 'pg' && !ownDatabase ? await startPostgres() : undefined;
  const databaseUrl = ownDatabase ?? postgres?.url;
  const pgliteDir = driver === 'pglite' ? mkdtempSync(path.join(os.tmpdir(), 'scale-pglite-')) : undefined;
  const app = await buildApp({
    ...loadConfig({}),
    logLevel: 'warn',
    jobWorker: false,
    databaseUrl,
    pgliteDir: pgliteDir ?? 'memory://',
    adminEmail: admin.email,
    adminPassword: admin.password,
  });
  try {
    await app.ready();
    // A connection of its own on PostgreSQL: the app's pool stops any statement at 10 s.
    const seeder = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
    await seeder?.connect();
    try {
      const [{ seeded }] = (
        (await app.db.execute(sql`select exists (select from orders) as seeded`)) as unknown as {
          rows: { seeded: boolean }[];
        }
      ).rows;
      if (seeded) {
        log(`${driver}: reusing the orders already in ${databaseUrl}`);
        // A database seeded before store windows existed gets them now.
        const [{ windows }] = (
          (await app.db.execute(sql`select exists (select from campaigns) as windows`)) as unknown as {
            rows: { windows: boolean }[];
          }
        ).rows;
        if (!windows) await seedWindows(seeder ? drizzle(seeder) : app.db);
      } else {
        log(`${driver}: seeding ${sizeName}`);
        await seed(seeder ? drizzle(seeder) : app.db, sizeName);
      }
      if (process.env.BENCH_SCALE_INDEX_TIMES === '1') await timeIndexes(seeder ? drizzle(seeder) : app.db);
    } finally {
      await seeder?.end();
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    const adminCookie = await signIn(url, admin);
    const directorCookie = await signIn(url, director);
    const [{ school }] = (
      (await app.db.execute(sql`select min(id) as school from organizations`)) as unknown as {
        rows: { school: number }[];
      }
    ).rows;
    const today = new Date();
    const yearAgo = new Date(today.getTime() - 365 * 86_400_000);
    const day = (date: Date) => date.toISOString().slice(0, 10);
    const calls: Call[] = [
      {
        name: 'Admin sales card, all organizations, 30 days',
        p95Target: dashboardP95Ms,
        path: '/api/dashboard/sales?period=30',
        cookie: adminCookie,
      },
      {
        name: 'same, 90 days',
        p95Target: dashboardP95Ms,
        path: '/api/dashboard/sales?period=90',
        cookie: adminCookie,
      },
      {
        name: 'same, custom 366 days',
        p95Target: dashboardP95Ms,
        path: `/api/dashboard/sales?period=custom&from=${day(yearAgo)}&to=${day(today)}`,
        cookie: adminCookie,
      },
      {
        name: "athletic director's sales, school year",
        p95Target: dashboardP95Ms,
        path: '/api/dashboard/sales?period=school-year',
        cookie: directorCookie,
      },
      {
        name: `orders table of one school (${bigSchoolOrders / 1000}k orders), first page by date`,
        p95Target: tableP95Ms,
        path: `/api/orders/organization/${school}/table`,
        method: 'POST',
        body: { skip: 0, take: 25 },
        cookie: adminCookie,
      },
      // Every other column a person may sort a school's orders by, with the list's status filter on.
      ...Object.entries(ordersDefinition.fields)
        .filter(([name, f]) => f.sort && name !== ordersDefinition.list?.sort?.field)
        .map(([name, f]): Call => ({
          name: `same, sorted by ${f.label.toLowerCase()}, status Paid`,
          p95Target: tableP95Ms,
          path: `/api/orders/organization/${school}/table`,
          method: 'POST',
          body: { skip: 0, take: 25, sortField: name, sortOrder: 'DESC', filter: { status: 'Paid' } },
          cookie: adminCookie,
        })),
      {
        name: 'users, searched by a name part',
        p95Target: tableP95Ms,
        path: '/api/users/table',
        method: 'POST',
        body: { skip: 0, take: 25, allSearch: 'user1234' },
        cookie: adminCookie,
      },
      {
        name: 'audit log, first page',
        p95Target: tableP95Ms,
        path: '/api/audit-log/table',
        method: 'POST',
        body: { skip: 0, take: 25 },
        cookie: adminCookie,
      },
      {
        name: 'Admin store-windows card (the first 20 closing this week)',
        p95Target: dashboardP95Ms,
        path: '/api/campaigns/card',
        cookie: adminCookie,
      },
      {
        name: "athletic director's store-windows card (the big school's open window)",
        p95Target: dashboardP95Ms,
        path: '/api/campaigns/card',
        cookie: directorCookie,
      },
      {
        name: 'Admin dashboard cards',
        p95Target: dashboardP95Ms,
        path: '/api/dashboard',
        cookie: adminCookie,
      },
    ];
    const rows: string[] = [];
    const measured: Measured[] = [];
    for (const call of calls) {
      const result = await measure(url, call);
      const met =
        result.p95 <= call.p95Target &&
        (call.p95Target !== dashboardP95Ms || result.reqPerSec >= dashboardReqPerSec);
      const target = `p95 <= ${call.p95Target} ms${call.p95Target === dashboardP95Ms ? `, >= ${dashboardReqPerSec} req/s` : ''}`;
      const line = `| ${call.name} | ${result.median.toFixed(1)} / ${result.p95.toFixed(1)} / ${result.reqPerSec.toFixed(1)}${result.errors ? ` (${result.errors} errors)` : ''} | ${target}: ${mark(met)} |`;
      log(line);
      rows.push(line);
      measured.push({
        call: call.name,
        target,
        figure: `${result.median.toFixed(1)} / ${result.p95.toFixed(1)} / ${result.reqPerSec.toFixed(1)}`,
        met,
        p95: result.p95,
      });
    }
    // The first export may read the school's orders from disk (a reused database just started);
    // the second reads what a running server holds in memory. Both are shown; the target is the
    // running server's, as a school's export is asked of a server that has been up.
    const exportPath = `/api/orders/organization/${school}/export`;
    const firstRead = await exportRate(url, exportPath, adminCookie);
    const exported = await exportRate(url, exportPath, adminCookie);
    const exportLine = `| orders export of that school (${exported.rows} rows) | ${exported.rowsPerSec.toLocaleString('en')} rows/s (first read ${firstRead.rowsPerSec.toLocaleString('en')}) | >= ${exportRowsPerSec.toLocaleString('en')} rows/s: ${mark(exported.rowsPerSec >= exportRowsPerSec)} |`;
    log(exportLine);
    measured.push({
      call: 'orders export of the big school, rows/s (first read)',
      target: `>= ${exportRowsPerSec.toLocaleString('en')} rows/s`,
      figure: `${exported.rowsPerSec.toLocaleString('en')} (${firstRead.rowsPerSec.toLocaleString('en')})`,
      met: exported.rowsPerSec >= exportRowsPerSec,
      p95: 0,
    });
    const explained = process.env.BENCH_SCALE_EXPLAIN ? await explainSales(app.db, school, today) : [];
    console.log(
      [
        '',
        `### ${driver === 'pg' ? 'PostgreSQL' : 'PGlite'}, size ${sizeName} (${size.organizations} organizations, ${size.orders.toLocaleString('en')} orders, ${size.users.toLocaleString('en')} users, ${size.auditRows.toLocaleString('en')} audit rows)`,
        '',
        `| call | median / p95 ms, req/s at ${clients} clients | target (PostgreSQL at L) |`,
        '|---|---|---|',
        ...rows,
        exportLine,
        '',
        ...explained,
      ].join('\n'),
    );
    return { measured, explained };
  } finally {
    await app.close();
    postgres?.stop();
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
}

const startedAt = new Date();
const loadAtStart = os.loadavg();
const runs: { driver: string; sizeName: string; measured: Measured[]; explained: string[] }[] = [];
for (const sizeName of sizeNames)
  for (const driver of drivers) {
    if (driver === 'pglite' && !pgliteSizes.includes(sizeName)) continue;
    runs.push({ driver, sizeName, ...(await benchDriver(driver, sizeName)) });
  }

/**
 * The sizes side by side: each figure marked against the issue's target where it applies
 * (PostgreSQL at L, PGlite at M: p95 <= 150 ms for the dashboard's calls), and PostgreSQL's
 * ratio of L to M p95 (target <= 2).
 */
if (runs.length > 1) {
  const name = (run: (typeof runs)[number]) =>
    `${run.driver === 'pg' ? 'PostgreSQL' : 'PGlite'} ${run.sizeName}`;
  const pgAt = (sizeName: string) => runs.find((run) => run.driver === 'pg' && run.sizeName === sizeName);
  const lines = [
    `| call (median / p95 ms / req/s at ${clients} clients) | ${runs.map(name).join(' | ')} | L / M p95 (PostgreSQL, <= 2) | target (PostgreSQL at L) |`,
    `|---|${runs.map(() => '---|').join('')}---|---|`,
  ];
  for (const [index, { call, target }] of runs[0].measured.entries()) {
    const cells = runs.map((run) => {
      const result = run.measured[index];
      const graded =
        (run.driver === 'pg' && run.sizeName === 'L') ||
        (run.driver === 'pglite' &&
          run.sizeName === 'M' &&
          result.target.startsWith(`p95 <= ${dashboardP95Ms}`));
      const met = run.driver === 'pglite' ? result.p95 <= pgliteDashboardP95Ms : result.met;
      return graded ? `${result.figure} (${mark(met)})` : result.figure;
    });
    const [l, m] = [pgAt('L')?.measured[index], pgAt('M')?.measured[index]];
    const ratio = l && m && m.p95 > 0 ? l.p95 / m.p95 : undefined;
    lines.push(
      `| ${call} | ${cells.join(' | ')} | ${ratio === undefined ? '' : `${ratio.toFixed(1)} (${mark(ratio <= 2)})`} | ${target} |`,
    );
  }
  console.log(['', '### Sizes side by side', '', ...lines, ''].join('\n'));
  if (process.env.BENCH_SCALE === 'all') {
    const load = (figures: number[]) => figures.map((figure) => figure.toFixed(1)).join(' ');
    const explainedAtL = runs.find((run) => run.driver === 'pg' && run.sizeName === 'L')?.explained ?? [];
    writeScaleSection(
      path.join(import.meta.dirname, 'RESULTS.md'),
      [
        '## Sizes of issue 32 (bench/scale.ts)',
        '',
        `- Date: ${startedAt.toISOString()}; command: \`BENCH_SCALE=all${process.env.BENCH_SCALE_EXPLAIN ? ' BENCH_SCALE_EXPLAIN=1' : ''}${process.env.BENCH_SCALE_DATABASE_URL ? ' BENCH_SCALE_DATABASE_URL=…' : ''} npm run bench\`; ${durationSeconds} s per load run`,
        `- Load average (1, 5, 15 min) at start ${load(loadAtStart)}, at end ${load(os.loadavg())}: the two cores are shared, so compare within a row.`,
        '',
        ...lines,
        ...(explainedAtL.length > 0
          ? [
              '',
              'What each statement of the sales card read at L on PostgreSQL (EXPLAIN ANALYZE, BUFFERS):',
              '',
              ...explainedAtL,
            ]
          : []),
      ].join('\n'),
    );
    log('wrote the scale section of bench/RESULTS.md');
  }
}
