import { afterAll, describe, expect, it } from 'vitest';
import { maxSvgBytes, maxSvgElements, UploadRejected } from '../../../server/storage/image-limits';
import { closeSvgWorker, sanitizeSvgOffThread } from '../../../server/storage/sanitize-pool';

afterAll(() => closeSvgWorker());

/** An SVG at the limits: just under 5,000 elements and 5 MB, the most work an upload may ask for. */
function largestAcceptedSvg() {
  const elements = maxSvgElements - 10;
  const padding = 'M0 0'.repeat(Math.floor(maxSvgBytes / elements / 5));
  const shapes = Array.from(
    { length: elements },
    (_, i) => `<path id="p${i}" fill="#036" d="${padding}"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${shapes}</svg>`;
  expect(Buffer.byteLength(svg)).toBeLessThan(maxSvgBytes);
  return svg;
}

const owner = { owner: 'test', turn: 'school' };

describe('SVG sanitizing off the main thread', () => {
  it('cleans an SVG in a worker and sends back its refusals as UploadRejected', async () => {
    const clean = await sanitizeSvgOffThread(
      '<svg xmlns="http://www.w3.org/2000/svg"><metadata>editor</metadata><rect width="1" height="1"/></svg>',
      owner,
    );
    expect(clean).toContain('<rect');
    const refused = sanitizeSvgOffThread(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      owner,
    );
    await expect(refused).rejects.toBeInstanceOf(UploadRejected);
    await expect(refused).rejects.toThrow('The SVG contains a script element, which is not allowed');
  });

  it('keeps the event loop free while the largest accepted SVG is sanitized', async () => {
    const svg = largestAcceptedSvg();
    await sanitizeSvgOffThread('<svg xmlns="http://www.w3.org/2000/svg"/>', owner);
    let last = performance.now();
    let longestStallMs = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestStallMs = Math.max(longestStallMs, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    await sanitizeSvgOffThread(svg, owner);
    const finished = performance.now();
    clearInterval(ticker);
    const took = finished - started;
    longestStallMs = Math.max(longestStallMs, finished - last);
    // On the main thread no tick could run for about the whole sanitizing time.
    expect(longestStallMs, `longest stall ${longestStallMs} ms of ${took} ms`).toBeLessThan(took / 4);
  });
});
