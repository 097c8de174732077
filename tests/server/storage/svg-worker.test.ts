import { afterAll, describe, expect, it } from 'vitest';
import {
  maxSvgBytes,
  maxSvgElements,
  maxSvgFilterSteps,
  maxSvgTurbulenceOctaves,
  UploadRejected,
} from '../../../server/storage/image-limits';
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

describe('external references written with CSS escapes', () => {
  const escaped = (body: string, attributes = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${body}</svg>`;

  it.each([
    ['a hex escape in a style attribute', escaped('<rect style="fill: u\\72l(http://example.test/x)"/>')],
    ['a hex escape with its space', escaped('<rect style="fill: \\75 rl(http://example.test/x)"/>')],
    ['a padded six-digit escape', escaped('<rect fill="u\\000072l(http://example.test/x)"/>')],
    ['a character escape', escaped('<rect style="fill: u\\rl(http://example.test/x)"/>')],
    ['an escaped @import', escaped('<style>@im\\70ort "http://example.test/x.css";</style>')],
    ['an escape in a stylesheet', escaped('<style>rect { fill: U\\52L(http://example.test/x) }</style>')],
  ])('refuses %s', async (_name, svg) => {
    await expect(sanitizeSvgOffThread(svg, owner)).rejects.toThrow(
      'The SVG refers to external resources, which is not allowed',
    );
  });

  it('still takes a local reference and a plain backslash in text', async () => {
    const clean = await sanitizeSvgOffThread(
      escaped('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><text>a\\b</text>'),
      owner,
    );
    expect(clean).toContain('url(#g)');
  });
});

describe('a turbulence filter, judged by its cost at print size', () => {
  const turbulence = (octaves: string, more = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 500 500"><filter id="t"><feTurbulence baseFrequency="0.05" numOctaves="${octaves}"/>${more}</filter><rect width="500" height="500" filter="url(#t)"/></svg>`;

  it('refuses more octaves than a logo needs: 100 held a print job for 73 s', async () => {
    await expect(sanitizeSvgOffThread(turbulence('100'), owner)).rejects.toThrow(
      `The SVG has a turbulence filter of more than ${maxSvgTurbulenceOctaves} octaves; simplify its filter effects or upload a PNG`,
    );
    await expect(sanitizeSvgOffThread(turbulence('1e9'), owner)).rejects.toThrow(/octaves/);
  });

  it('counts each octave as a filter step', async () => {
    await expect(sanitizeSvgOffThread(turbulence(String(maxSvgTurbulenceOctaves)), owner)).resolves.toContain(
      'feTurbulence',
    );
    const steps = '<feGaussianBlur stdDeviation="1"/>'.repeat(
      maxSvgFilterSteps - maxSvgTurbulenceOctaves + 1,
    );
    await expect(
      sanitizeSvgOffThread(turbulence(String(maxSvgTurbulenceOctaves), steps), owner),
    ).rejects.toThrow(`draws more than ${maxSvgFilterSteps} filter steps`);
  });
});
