/** The front end's part of `npm run bench`: page weights and Lighthouse scores in Chromium. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, admin, log, signIn } from './harness';

export interface PageWeight {
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

export interface Lighthouse extends LighthouseScores {
  page: string;
  preset: 'desktop' | 'mobile';
  /** A run that hit a runtime error is run once more; this is the first one. */
  firstRun?: LighthouseScores;
}

/** The app built into a temporary directory and served by the real server, as in production. */
export async function frontEnd(): Promise<{
  weights: PageWeight[];
  lighthouse: Lighthouse[];
  note?: string;
}> {
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
