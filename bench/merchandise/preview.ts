/**
 * Benchmark: the studio's side-by-side colour previews (src/pages/merchandise/ColourPreviews.tsx)
 * of one design on 3 colours, in Debian's Chromium against the built app on the real demo server
 * (SEED_DEMO=1, PGlite on a temporary DATA_DIR), signed in as the demo director: the Pullover
 * Hoodie in Athletic Grey, Navy and Maroon with the school's crest.
 * - Placement change: an arrow key on the studio's canvas (a 1% nudge, right and left in turn),
 *   from the key event's time to the first frame painted after all 3 previews' logos moved.
 *   30 rounds after 5 untimed ones.
 * - First appearance: a click on the third colour, from the click's time to the first frame
 *   painted with 3 previews whose images have all loaded; once with the colour's image never
 *   fetched, then 10 times more with it cached (the colour chosen off and on).
 * - Fabric preview (src/pages/merchandise/studio/FabricPreview.tsx): after each of 5 nudges, the
 *   page's own measure of the drawing once the design has rested (the shading and the colour's
 *   picture were fetched when the studio opened): the artwork flattened,
 *   composited with contract/fabric.ts at the garment picture's 1200 px and painted. The
 *   placement rounds above run with it switched on, so its drawing is inside their p95 when
 *   it lands in one.
 * Both end in the page (performance.now() in a task posted from the animation callback of the
 * first frame that shows them, i.e. after that frame's paint), so Playwright's round trips are
 * not counted.
 * Target (issue 22): under 150 ms, for the placement change's p95 and the first appearance.
 * Run alone: `npx tsx bench/merchandise/preview.ts`; `STATIC_DIR=dist` skips building the app.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { appMessages } from '../../src/i18n/en';
import { launchBrowser } from '../../tests/e2e/browser';
import { director, freePort, startServer } from './upload';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const previewTargetMs = 150;
const warmRounds = 5;
const timedRounds = 30;
const cachedAppearances = 10;
const fabricRounds = 5;
const apparel = 'Pullover Hoodie';
/** The hoodie's colours after the one the studio opens with (Athletic Grey). */
const addedColours = ['Navy', 'Maroon'];

export interface PreviewResult {
  moveMedianMs: number;
  moveP95Ms: number;
  moveMaxMs: number;
  firstAppearanceMs: number;
  cachedAppearanceMedianMs: number;
  fabricMedianMs: number;
  fabricMaxMs: number;
  loadAverage: number;
  met: boolean;
}

interface BenchWindow {
  benchRound?: Promise<number>;
}

const percentile = (sorted: number[], share: number) => sorted[Math.ceil(share * sorted.length) - 1];
const rounded = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Arms a measurement in the page before the input is sent: the next `eventType` event's time
 * (the input's own time stamp) up to the paint of the first frame in which `shown()` holds.
 */
function armRound(page: Page, eventType: 'keydown' | 'click', expected: 'moved' | 'three loaded') {
  return page.evaluate(
    ({ eventType, expected }) => {
      const previews = document.querySelector('[data-testid=colour-previews]')!;
      const logos = () => [...previews.querySelectorAll<HTMLImageElement>('figure img:nth-of-type(2)')];
      const before = logos().map((logo) => getComputedStyle(logo).left);
      const shown =
        expected === 'moved'
          ? () => {
              const now = logos();
              return now.length === 3 && now.every((logo, i) => getComputedStyle(logo).left !== before[i]);
            }
          : () => {
              const images = [...previews.querySelectorAll<HTMLImageElement>('figure img')];
              return images.length === 6 && images.every((image) => image.complete && image.naturalWidth > 0);
            };
      (window as BenchWindow).benchRound = new Promise<number>((resolve) => {
        addEventListener(
          eventType,
          (event) => {
            const input = event.timeStamp;
            // Checked at each frame's animation callbacks, which run before that frame's style,
            // layout and paint; a task posted from there runs once the frame is drawn.
            const check = () => {
              if (!shown()) return requestAnimationFrame(check);
              const channel = new MessageChannel();
              channel.port1.onmessage = () => resolve(performance.now() - input);
              channel.port2.postMessage(null);
            };
            requestAnimationFrame(check);
          },
          { capture: true, once: true },
        );
      });
    },
    { eventType, expected },
  );
}

const fabricDrawings = (page: Page) =>
  page.evaluate(() => performance.getEntriesByName('fabric preview').length);

const roundTime = (page: Page) => page.evaluate(() => (window as BenchWindow).benchRound!);

export async function runPreviewBench(): Promise<PreviewResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spirit-bench-preview-'));
  const builtDir = process.env.STATIC_DIR
    ? undefined
    : mkdtempSync(path.join(os.tmpdir(), 'spirit-bench-dist-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const browser = await launchBrowser();
  try {
    if (builtDir) {
      execFileSync('npx', ['vite', 'build', '--outDir', builtDir, '--emptyOutDir', '--logLevel', 'error'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    }
    server = await startServer(dataDir, await freePort(), builtDir ? { STATIC_DIR: builtDir } : {});
    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    // tsx compiles this file keeping function names, through a helper the page's copy of
    // armRound's function would call without having it.
    await context.addInitScript({ content: 'window.__name = (target) => target;' });
    const signedIn = await context.request.post(`${server.url}/api/account/login`, { data: director });
    if (!signedIn.ok()) throw new Error(`sign-in failed: ${signedIn.status()}`);
    const page = await context.newPage();
    const text = appMessages.merchandise;
    await page.goto(`${server.url}/admin/merchandise/create`);
    await page.getByTestId('design-logo').first().getByRole('button').first().click();
    await page
      .getByTestId('base-apparel')
      .filter({ hasText: apparel })
      .getByRole('button', { name: `${text.customize} ${apparel}` })
      .click();
    await page.getByTestId('placement').waitFor();
    const figures = page.getByTestId('colour-previews').getByRole('figure');
    await figures.first().waitFor();
    const colour = (name: string) => page.getByRole('button', { name, exact: true });
    await colour(addedColours[0]).click();
    await figures.nth(1).waitFor();
    await page.getByTestId('colour-previews').scrollIntoViewIfNeeded();

    await armRound(page, 'click', 'three loaded');
    await colour(addedColours[1]).click();
    const firstAppearanceMs = await roundTime(page);
    const cached: number[] = [];
    for (let round = 0; round < cachedAppearances; round += 1) {
      await colour(addedColours[1]).click();
      await figures.nth(2).waitFor({ state: 'detached' });
      await armRound(page, 'click', 'three loaded');
      await colour(addedColours[1]).click();
      cached.push(await roundTime(page));
    }

    if ((await figures.count()) !== 3) throw new Error('the studio does not show 3 colour previews');
    await page.getByTestId('studio-canvas').focus();
    const moves: number[] = [];
    for (let round = 0; round < warmRounds + timedRounds; round += 1) {
      await armRound(page, 'keydown', 'moved');
      await page.keyboard.press(round % 2 ? 'ArrowLeft' : 'ArrowRight');
      const ms = await roundTime(page);
      if (round >= warmRounds) moves.push(ms);
    }
    const fabric: number[] = [];
    for (let round = 0; round < fabricRounds; round += 1) {
      const drawn = await fabricDrawings(page);
      await page.keyboard.press(round % 2 ? 'ArrowLeft' : 'ArrowRight');
      await page.waitForFunction(
        (count) => performance.getEntriesByName('fabric preview').length > count,
        drawn,
      );
      fabric.push(await page.evaluate(() => performance.getEntriesByName('fabric preview').at(-1)!.duration));
    }
    fabric.sort((a, b) => a - b);
    moves.sort((a, b) => a - b);
    cached.sort((a, b) => a - b);
    const moveP95Ms = rounded(percentile(moves, 0.95));
    return {
      moveMedianMs: rounded(percentile(moves, 0.5)),
      moveP95Ms,
      moveMaxMs: rounded(moves[moves.length - 1]),
      firstAppearanceMs: rounded(firstAppearanceMs),
      cachedAppearanceMedianMs: rounded(percentile(cached, 0.5)),
      fabricMedianMs: rounded(percentile(fabric, 0.5)),
      fabricMaxMs: rounded(fabric[fabric.length - 1]),
      loadAverage: os.loadavg()[0],
      met: moveP95Ms < previewTargetMs && firstAppearanceMs < previewTargetMs,
    };
  } finally {
    await browser.close();
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server?.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (builtDir) rmSync(builtDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runPreviewBench();
  const verdict = (ok: boolean) => (ok ? 'met' : 'missed');
  console.log(
    `Studio preview of one design on 3 colours (load average ${result.loadAverage.toFixed(1)}): ` +
      `placement change to all 3 previews painted, median ${result.moveMedianMs} ms, p95 ${result.moveP95Ms} ms ` +
      `(max ${result.moveMaxMs}, ${timedRounds} rounds); target p95 under ${previewTargetMs} ms: ` +
      `${verdict(result.moveP95Ms < previewTargetMs)}. Third colour chosen to 3 previews loaded and painted: ` +
      `${result.firstAppearanceMs} ms with its image not yet fetched, median ${result.cachedAppearanceMedianMs} ms ` +
      `cached; target under ${previewTargetMs} ms: ${verdict(result.firstAppearanceMs < previewTargetMs)}. ` +
      `Fabric preview drawn at 1200 px once the design rests: median ${result.fabricMedianMs} ms ` +
      `(max ${result.fabricMaxMs}, ${fabricRounds} rounds). Overall: ${verdict(result.met)}`,
  );
}
