/**
 * `npm run bench`: measures the API on both drivers and the front end, side by side in one run,
 * and writes bench/RESULTS.md. Everything runs on this machine against 127.0.0.1 only; every
 * load run is bounded (autocannon, 32 connections, 10 s).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { serverEnvironment, serverNodeFlags } from '../server/ops/server-command';
import { scaleSectionEnd, scaleSectionStart } from './scale-section';
import { postgresBinDir, startPostgres } from '../tests/server/global-setup-postgres';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@bench.example', password: 'Bench-Passw0rd!' };
const connections = 32;
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const searchTerm = 'smithson';
const shortTerm = 'jo';
const quick = process.env.BENCH_QUICK === '1';
/** `BENCH_EXPORT_ONLY=1`: only the CSV export of the users, printed and not written to RESULTS.md. */
const exportOnly = process.env.BENCH_EXPORT_ONLY === '1';
/** `BENCH_SCALE=S|M|L|all`: only bench/scale.ts, which writes its own section of RESULTS.md (`all`). */
/** `BENCH_FRONT_ONLY=1`: only the front end (page weights, Lighthouse), printed and not written to RESULTS.md. */
const frontOnly = process.env.BENCH_FRONT_ONLY === '1';

const targets = {
  meShare: { pg: 0.5, pglite: 0.5 },
  pgliteIdleRssMiB: 300,
  searchP99Ms: { pg: 20, pglite: 50 },
  exportRowsPerSec: 20_000,
  exportRssGrowthMiB: 50,
  loginJsKb: 150,
  dashboardJsKb: 350,
  performance: { desktop: 95, mobile: 90 },
  accessibility: 95,
};

type Driver = 'pglite' | 'pg';

interface Load {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function rssMiB(pid: number) {
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
async function idleRssMiB(pid: number) {
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

interface BenchServer {
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

async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
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

async function signIn(appUrl: string) {
  const response = await fetch(`${appUrl}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('sp_session='));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0];
}

interface ExportRun {
  rows: number;
  seconds: number;
  rowsPerSec: number;
  /** The server's largest RSS during the export, less its RSS just before. */
  rssGrowthMiB: number;
}

interface DriverResults {
  driver: Driver;
  loads: Load[];
  /** Settled, see idleRssMiB; and as read right after the seed and the sign-in. */
  rssIdle: number;
  rssJustAfterWork: number;
  rssAfterTable: number;
  explain: Record<string, string[]>;
  exported?: ExportRun;
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

interface PageWeight {
  page: string;
  files: { url: string; gzipBytes: number; encoding: string }[];
  jsGzip: number;
  cssGzip: number;
}

interface LighthouseScores {
  performance: number;
  accessibility: number;
  /** Lighthouse's `runtimeError` (e.g. NO_FCP: the page never painted), which scores 0. */
  runtimeError?: string;
}

interface Lighthouse extends LighthouseScores {
  page: string;
  preset: 'desktop' | 'mobile';
  /** A run that hit a runtime error is run once more; this is the first one. */
  firstRun?: LighthouseScores;
}

/** The app built into a temporary directory and served by the real server, as in production. */
async function frontEnd(): Promise<{ weights: PageWeight[]; lighthouse: Lighthouse[]; note?: string }> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'spirit-bench-dist-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spirit-bench-data-'));
  log('front end: building the app');
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const port = 43000 + Math.floor(Math.random() * 1000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      STATIC_DIR: outDir,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // Demo orders, so that the dashboard draws its sales chart and loads the charting code.
      SEED_DEMO: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const ready = await fetch(`${baseUrl}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      // Two minutes: tsx compiles the server as it starts, slow on two cores shared with other work.
      if (i > 600) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const cookie = await signIn(baseUrl);
    const weights = await pageWeights(baseUrl, outDir, cookie);
    const lighthouse = await lighthouseScores(baseUrl, cookie);
    return { weights, lighthouse };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const chromiumPath = '/usr/bin/chromium';
const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every JS and CSS file a page loads in Chromium, by its gzip size (what the wire carries). */
async function pageWeights(baseUrl: string, outDir: string, cookie: string): Promise<PageWeight[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags.slice(1) });
  const results: PageWeight[] = [];
  try {
    for (const page of ['/login', '/admin/dashboard']) {
      const context = await browser.newContext();
      if (page.startsWith('/admin')) {
        const [name, value] = cookie.split('=');
        await context.addCookies([{ name, value, url: baseUrl }]);
      }
      const tab = await context.newPage();
      const files: PageWeight['files'] = [];
      tab.on('response', (response) => {
        const url = new URL(response.url());
        if (!/\.(js|css)$/.test(url.pathname)) return;
        const file = path.join(outDir, url.pathname);
        if (!existsSync(file)) return;
        files.push({
          url: url.pathname,
          gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length,
          encoding: response.headers()['content-encoding'] ?? 'none',
        });
      });
      await tab.goto(`${baseUrl}${page}`, { waitUntil: 'networkidle' });
      // The chart's code loads once the sales figures have arrived, after the page's own.
      if (page === '/admin/dashboard') await tab.locator('[data-testid="sales-chart"]').first().waitFor();
      await context.close();
      const sum = (ext: string) =>
        files.filter((f) => f.url.endsWith(ext)).reduce((total, f) => total + f.gzipBytes, 0);
      results.push({ page, files, jsGzip: sum('.js'), cssGzip: sum('.css') });
      log(`${page}: ${(sum('.js') / 1024).toFixed(1)} KB JS gzip in ${files.length} files`);
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function lighthouseScores(baseUrl: string, cookie: string): Promise<Lighthouse[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const chromeLauncher = await import('chrome-launcher');
  const runs: { page: string; preset: 'desktop' | 'mobile'; categories: string[] }[] = [
    { page: '/login', preset: 'desktop', categories: ['performance', 'accessibility'] },
    { page: '/login', preset: 'mobile', categories: ['performance', 'accessibility'] },
    { page: '/admin/dashboard', preset: 'desktop', categories: ['performance', 'accessibility'] },
  ];
  const audit = async (run: (typeof runs)[number]): Promise<LighthouseScores> => {
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
    try {
      const result = await lighthouse(
        `${baseUrl}${run.page}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: run.categories,
          extraHeaders: run.page.startsWith('/admin') ? { Cookie: cookie } : undefined,
        },
        run.preset === 'desktop' ? desktopConfig : undefined,
      );
      const categories = result?.lhr.categories ?? {};
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const error = result?.lhr.runtimeError;
      return {
        performance: score('performance'),
        accessibility: score('accessibility'),
        ...(error && { runtimeError: `${error.code}: ${error.message}` }),
      };
    } finally {
      await chrome.kill();
    }
  };
  const scored = (s: LighthouseScores) =>
    `${s.performance} / ${s.accessibility}${s.runtimeError ? ` (${s.runtimeError})` : ''}`;
  const results: Lighthouse[] = [];
  for (const run of runs) {
    const label = `lighthouse ${run.page} ${run.preset}`;
    const first = await audit(run);
    log(`${label}: ${scored(first)}`);
    if (!first.runtimeError) {
      results.push({ page: run.page, preset: run.preset, ...first });
      continue;
    }
    // A page that did not load on a busy machine says nothing of the page: once more.
    const second = await audit(run);
    log(`${label}, again: ${scored(second)}`);
    results.push({ page: run.page, preset: run.preset, ...second, firstRun: first });
  }
  return results;
}

/** Areas whose benches are scripts of their own (bench/{area}/*.ts), run as they are and quoted. */
const scriptAreas = ['merchandise', 'changes'];

function scriptBenches() {
  return scriptAreas.flatMap((area) => {
    const dir = path.join(root, 'bench', area);
    if (!existsSync(dir)) return [];
    return (
      readdirSync(dir)
        // `*-entry.ts` files are browser entries the scripts bundle, not scripts of their own.
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('-entry.ts'))
        .map((file) => {
          log(`running bench/${area}/${file}`);
          try {
            const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
              cwd: root,
              encoding: 'utf8',
              timeout: 300_000,
            });
            return { area, file, output: output.trim() };
          } catch (error) {
            return { area, file, output: `failed: ${(error as Error).message}` };
          }
        })
    );
  });
}

/** The scale bench's section (bench/scale.ts writes it), kept when the rest is measured again. */
function keptScaleSection(resultsFile: string) {
  if (!existsSync(resultsFile)) return '';
  const section = new RegExp(`${scaleSectionStart}[\\s\\S]*${scaleSectionEnd}\\n`).exec(
    readFileSync(resultsFile, 'utf8'),
  );
  return section ? `\n${section[0]}` : '';
}

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function report(
  startedAt: Date,
  drivers: DriverResults[],
  front: Awaited<ReturnType<typeof frontEnd>> | undefined,
  scripts: ReturnType<typeof scriptBenches>,
) {
  const cpus = os.cpus();
  const pgVersion = postgresBinDir()
    ? execFileSync(path.join(postgresBinDir()!, 'postgres'), ['--version'], { encoding: 'utf8' }).trim()
    : 'not installed';
  const lines: string[] = [
    '# Benchmark results',
    '',
    `- Date: ${startedAt.toISOString()}`,
    `- Command: \`npm run bench\` (autocannon, ${connections} connections, ${durationSeconds} s per run after a 1 s warm-up)`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}; load average at start ${os.loadavg()[0].toFixed(1)}`,
    `- Node ${process.version}; ${pgVersion}; PGlite (embedded, on a data directory)`,
    '- Load generator and server share the same 2 cores, so every figure is a lower bound of the server alone.',
    '- What dominates each missed target, and what would meet it: bench/README.md.',
    '',
    '## API',
    '',
  ];
  for (const result of drivers) {
    const [bare, me, search, short] = result.loads;
    lines.push(
      `### ${result.driver === 'pg' ? 'PostgreSQL (node-postgres pool)' : 'PGlite'}`,
      '',
      '| run | req/s | p50 ms | p99 ms | errors | share of baseline |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      ...result.loads.map(
        (l) =>
          `| ${l.name} | ${l.reqPerSec} | ${l.p50} | ${l.p99} | ${l.errors} | ${pct(l.reqPerSec / bare.reqPerSec)} |`,
      ),
      '',
      `- account/me at ${pct(me.reqPerSec / bare.reqPerSec)} of the baseline; target ${pct(targets.meShare[result.driver])}: ${verdict(me.reqPerSec / bare.reqPerSec >= targets.meShare[result.driver])}.`,
      `- users table search p99 ${search.p99} ms ("${searchTerm}") and ${short.p99} ms ("${shortTerm}"); target ${targets.searchP99Ms[result.driver]} ms: ${verdict(Math.max(search.p99, short.p99) <= targets.searchP99Ms[result.driver])}.`,
      `- Server RSS: ${result.rssIdle} MiB idle (settled after seeding; ${result.rssJustAfterWork} MiB right after it), ${result.rssAfterTable} MiB after the table runs${result.driver === 'pglite' ? `; idle target ${targets.pgliteIdleRssMiB} MiB: ${verdict(result.rssIdle <= targets.pgliteIdleRssMiB)}` : ''}.`,
      ...(result.exported
        ? [
            `- \`GET /api/users/export\` (CSV, streamed): ${result.exported.rows} rows in ${result.exported.seconds.toFixed(1)} s, ${result.exported.rowsPerSec} rows/s, RSS growth ${result.exported.rssGrowthMiB} MiB; targets ${targets.exportRowsPerSec} rows/s and < ${targets.exportRssGrowthMiB} MiB: ${verdict(result.exported.rowsPerSec >= targets.exportRowsPerSec && result.exported.rssGrowthMiB < targets.exportRssGrowthMiB)}.`,
          ]
        : []),
      '',
      `EXPLAIN ANALYZE of the users table queries (first page, then count):`,
      '',
    );
    for (const [term, plans] of Object.entries(result.explain)) {
      lines.push(`Search "${term}":`, '', '```', ...plans.flatMap((plan) => [plan, '']), '```', '');
    }
  }
  if (front) {
    lines.push('## Front end', '', '| page | JS gzip | CSS gzip | files | served compressed | target (JS) |');
    lines.push('| --- | ---: | ---: | ---: | --- | --- |');
    for (const w of front.weights) {
      const target = w.page === '/login' ? targets.loginJsKb : targets.dashboardJsKb;
      const encodings = [...new Set(w.files.map((f) => f.encoding))].join(', ');
      lines.push(
        `| ${w.page} | ${kb(w.jsGzip)} | ${kb(w.cssGzip)} | ${w.files.length} | ${encodings} | ≤ ${target} KB: ${verdict(w.jsGzip / 1024 <= target)} |`,
      );
    }
    lines.push('', 'Files loaded (gzip -9 size):', '');
    for (const w of front.weights) {
      lines.push(
        `- ${w.page}: ${w.files.map((f) => `${f.url.replace('/assets/', '')} ${kb(f.gzipBytes)}`).join(', ')}`,
      );
    }
    lines.push(
      '',
      '### Lighthouse 12.8.2 (Debian Chromium, headless)',
      '',
      '| page | preset | performance | accessibility |',
      '| --- | --- | ---: | ---: |',
    );
    for (const l of front.lighthouse) {
      const perfTarget = l.page === '/login' ? targets.performance[l.preset] : undefined;
      lines.push(
        `| ${l.page} | ${l.preset} | ${l.performance}${perfTarget ? ` (target ${perfTarget}: ${verdict(l.performance >= perfTarget)})` : ''} | ${l.accessibility} (target ${targets.accessibility}: ${verdict(l.accessibility >= targets.accessibility)}) |`,
      );
    }
    lines.push('');
    for (const l of front.lighthouse) {
      if (l.firstRun) {
        lines.push(
          `- ${l.page} ${l.preset}: the first run scored ${l.firstRun.performance} / ${l.firstRun.accessibility} with Lighthouse's runtime error ${l.firstRun.runtimeError}; the table gives the second${l.runtimeError ? `, which failed too (${l.runtimeError})` : ''}.`,
        );
      }
    }
    if (front.lighthouse.some((l) => l.firstRun)) lines.push('');
  }
  for (const area of scriptAreas) {
    const runs = scripts.filter((script) => script.area === area);
    if (!runs.length) continue;
    lines.push(`## ${area[0].toUpperCase()}${area.slice(1)} (bench/${area})`, '');
    for (const m of runs) lines.push(`### ${m.file}`, '', '```', m.output, '```', '');
  }
  return lines.join('\n');
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
  writeFileSync(resultsFile, `${markdown}\n${keptScaleSection(resultsFile)}`);
  log('wrote bench/RESULTS.md');
}

main()
  .finally(() => benchServerDir && rmSync(benchServerDir, { recursive: true, force: true }))
  .then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
