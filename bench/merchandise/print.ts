/**
 * Benchmark: the server's print render (`server/modules/merchandise/print.ts`) of the
 * largest apparel print: the Canvas Tote, whose printable area is the largest, with a
 * logo as large as that area allows, at 4500 px. Median of 9 runs after one untimed run,
 * and the process's peak resident memory above what it was before the first run
 * (sampled every 10 ms; sharp works on its own threads, so the sampler keeps running).
 * Targets: median at most 1.5 s, growth at most 300 MiB.
 * Run alone: `npx tsx bench/merchandise/print.ts`.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { clampPlacement } from '../../contract/composition';
import { printLongSide, renderPrintFile } from '../../server/modules/merchandise/print';
import { apparelSeeds, printAreas, renderApparelPng } from '../../server/db/seed-apparel';

export interface PrintResult {
  medianMs: number;
  minMs: number;
  maxMs: number;
  rssBeforeMiB: number;
  rssPeakMiB: number;
  growthMiB: number;
  /** CPU time (user + system, every thread) per render, median: the wall time less the waiting on a busy machine. */
  cpuMedianMs: number;
  loadAverage: number;
  met: boolean;
}

const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <rect x="5" y="5" width="190" height="90" rx="20" fill="#003366"/>
  <circle cx="60" cy="50" r="30" fill="#ffd100"/><circle cx="140" cy="50" r="30" fill="#ffd100"/>
</svg>`;

export async function runPrintBench(runs = 9): Promise<PrintResult> {
  const seed = apparelSeeds.find((item) => item.outline === 'tote')!;
  const apparel = await renderApparelPng(seed.outline, seed.colour);
  const logo = Buffer.from(logoSvg);
  const size = { width: 1200, height: 1200 };
  const placement = clampPlacement(
    { x: 0.5, y: 0.6, width: 1, rotation: 10 },
    size,
    { width: 200, height: 100 },
    printAreas.tote.front,
  );
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  await renderPrintFile(apparel, logo, placement);
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const png = await renderPrintFile(apparel, logo, placement);
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (png.length === 0) throw new Error('empty print file');
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage.rss());
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const medianMs = Math.round(times[Math.floor(times.length / 2)]);
  const growthMiB = mib(peak - before);
  return {
    medianMs,
    minMs: Math.round(times[0]),
    maxMs: Math.round(times[times.length - 1]),
    rssBeforeMiB: mib(before),
    rssPeakMiB: mib(peak),
    growthMiB,
    cpuMedianMs: Math.round(cpuTimes[Math.floor(cpuTimes.length / 2)]),
    loadAverage: os.loadavg()[0],
    met: medianMs <= 1500 && growthMiB <= 300,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runPrintBench();
  console.log(
    `Print render at ${printLongSide} px: median ${result.medianMs} ms (min ${result.minMs}, max ${result.maxMs}); ` +
      `CPU ${result.cpuMedianMs} ms per render (median, all threads; load average ${result.loadAverage.toFixed(1)}); ` +
      `RSS ${result.rssBeforeMiB} MiB before, ${result.rssPeakMiB} MiB at peak (+${result.growthMiB} MiB); ` +
      `targets 1500 ms and 300 MiB: ${result.met ? 'met' : 'missed'}`,
  );
}
