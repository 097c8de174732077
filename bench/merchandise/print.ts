/**
 * Benchmark: the server's print render (`server/storage/print.ts`) of a
 * two-sided design: the Pullover Hoodie with an SVG logo as large as each side's area allows,
 * front (12 x 15 inches) and back (12 x 16.5 inches), an arched outlined text over the back
 * logo, each side at 300 DPI. Median of 9 runs
 * after one untimed run, and the process's peak resident memory above what it was before the
 * first run (sampled every 10 ms; sharp works on its own threads, so the sampler keeps running).
 * Targets (issue 22): median under 3 s for both sides, growth under 400 MiB.
 * Run alone: `npx tsx bench/merchandise/print.ts`.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { clampPlacement, type PrintArea } from '../../contract/composition';
import { clampText, type TextLayer, textShape } from '../../contract/text';
import { textFont } from '../../server/storage/fonts';
import { type Artwork, renderSidePrint } from '../../server/storage/print';
import { apparelSeeds, printAreas } from '../../server/seed/apparel';

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
  const seed = apparelSeeds.find((item) => item.outline === 'hoodie')!;
  const size = { width: 1200, height: 1200 };
  const logo = Buffer.from(logoSvg);
  const areas = printAreas[seed.outline];
  const back = areas.back!;
  const font = await textFont('graduate');
  const wanted: TextLayer = {
    kind: 'text',
    side: 'back',
    text: 'LINCOLN LIONS',
    font: 'graduate',
    colour: '#ffd100',
    outline: { colour: '#003366', width: 0.1 },
    size: 1.25,
    rotation: 0,
    arc: 60,
    placement: { x: 0.5, y: back.top + back.height * 0.15 },
  };
  const text = clampText(textShape(font, wanted.text, wanted.size, wanted.arc), wanted, back);
  if (!text) throw new Error('The bench text does not fit the back');
  const sides = [areas.front, back].map((area: PrintArea) => ({
    area,
    artwork: [
      ...(area === back ? [{ text, font }] : []),
      {
        image: logo,
        placement: clampPlacement(
          { x: 0.5, y: 0.5, width: 1, rotation: 10 },
          size,
          { width: 200, height: 100 },
          area,
        ),
      },
    ] satisfies Artwork[],
  }));
  const render = async () => {
    const files = [];
    for (const side of sides) files.push(await renderSidePrint(size, side.area, side.artwork));
    return files;
  };
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  await render();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const pngs = await render();
    times.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    if (pngs.some((png) => png.length === 0)) throw new Error('empty print file');
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
    met: medianMs < 3000 && growthMiB < 400,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runPrintBench();
  console.log(
    `Two-sided print render at 300 DPI: median ${result.medianMs} ms (min ${result.minMs}, max ${result.maxMs}); ` +
      `CPU ${result.cpuMedianMs} ms per render (median, all threads; load average ${result.loadAverage.toFixed(1)}); ` +
      `RSS ${result.rssBeforeMiB} MiB before, ${result.rssPeakMiB} MiB at peak (+${result.growthMiB} MiB); ` +
      `targets under 3000 ms and 400 MiB: ${result.met ? 'met' : 'missed'}`,
  );
}
