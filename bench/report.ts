/** `npm run bench`'s results against its targets, as the markdown of bench/RESULTS.md (and the scripted areas' benches it quotes). */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresBinDir } from '../tests/server/global-setup-postgres';
import {
  root,
  log,
  type DriverResults,
  connections,
  durationSeconds,
  searchTerm,
  shortTerm,
} from './harness';
import type { frontEnd, PageWeight } from './front-end';

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

/** Areas whose benches are scripts of their own (bench/{area}/*.ts), run as they are and quoted. */
const scriptAreas = ['merchandise', 'changes', 'sign-in', 'campaigns'];

export function scriptBenches() {
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

const pct = (value: number) => `${(value * 100).toFixed(1)}%`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

/**
 * Each page's JavaScript against its budget, read as RESULTS.md and `BENCH_FRONT_ONLY=1` print
 * it: the gzip size of every JS file Chromium loaded for the page.
 */
export const pageBudgets = (weights: PageWeight[]) =>
  weights.map((w) => {
    const targetKb = w.page === '/login' ? targets.loginJsKb : targets.dashboardJsKb;
    return { page: w.page, kb: w.jsGzip / 1024, targetKb, met: w.jsGzip / 1024 <= targetKb };
  });

export function report(
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
    const budgets = pageBudgets(front.weights);
    front.weights.forEach((w, i) => {
      const { targetKb, met } = budgets[i];
      const encodings = [...new Set(w.files.map((f) => f.encoding))].join(', ');
      lines.push(
        `| ${w.page} | ${kb(w.jsGzip)} | ${kb(w.cssGzip)} | ${w.files.length} | ${encodings} | ≤ ${targetKb} KB: ${verdict(met)} |`,
      );
    });
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
