import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  maxSvgAttributes,
  maxSvgAttributesPerElement,
  UploadRejected,
} from '../../server/storage/image-limits';
import {
  closeSvgWorker,
  maxSvgTasksPerOwner,
  sanitizeSvgOffThread,
} from '../../server/storage/sanitize-pool';
import {
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  peopleTestApp,
} from '../server/modules/design-logos/fixtures';
import { snapshot } from './support';

/**
 * Sanitizing an SVG costs more than linear time in the attributes of one element (8k, 16k
 * and 32k empty attributes took 0.4, 2.1 and 8.5 s), and every organization's SVGs share one
 * worker thread: an SVG is measured before it is parsed, a task that runs too long is killed
 * with its thread, and one user cannot queue up the worker.
 */
afterAll(() => closeSvgWorker());

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${body}</svg>`;

const emptyAttributes = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ` a${from + i}=""`).join('');

describe('attributes of an uploaded SVG', () => {
  let ctx: Ctx;
  let who: People;
  beforeEach(async () => {
    ({ ctx, who } = await peopleTestApp());
  });
  afterEach(() => closeUploadTestApp(ctx));

  const upload = (content: string) =>
    who.director({
      method: 'POST',
      url: '/api/design-logos',
      ...multipart({}, { name: 'crest.svg', type: 'image/svg+xml', content: Buffer.from(content) }),
    });

  it.each([
    ['on one element', svg('<g/>', emptyAttributes(32_000)), /attributes on one element/],
    [
      'in total',
      svg(
        Array.from(
          { length: Math.ceil((maxSvgAttributes + 1) / maxSvgAttributesPerElement) },
          (_, i) => `<g${emptyAttributes(maxSvgAttributesPerElement, i * maxSvgAttributesPerElement)}/>`,
        ).join(''),
      ),
      /attributes/,
    ],
    [
      'hidden behind a ">" in a value',
      svg('<g/>', ` title=">"${emptyAttributes(maxSvgAttributesPerElement + 1)}`),
      /attributes on one element/,
    ],
  ])('are refused before parsing when too many %s', async (_name, content, message) => {
    const before = await snapshot(ctx);
    const response = await upload(content);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().validationFailures[0].errorMessage).toMatch(message);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('still accepts a logo with ordinary attributes', async () => {
    const response = await upload(
      svg('<circle cx="5" cy="5" r="4" fill="#c00" stroke="#000" stroke-width="0.5"/>'),
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('the SVG worker', () => {
  const logo = svg('<rect width="10" height="10" fill="#0a0"/>');

  it('kills a task that runs past its time and serves the next one on a fresh thread', async () => {
    const slow = svg(Array.from({ length: 2400 }, () => '<g fill="#000"><rect width="1"/></g>').join(''));
    // Warm the thread first, so the time limit hits the task while it runs, not while it waits.
    await sanitizeSvgOffThread(logo, { owner: 'a' });
    await expect(sanitizeSvgOffThread(slow, { owner: 'a', timeoutMs: 50 })).rejects.toThrow(/took too long/);
    await expect(sanitizeSvgOffThread(logo, { owner: 'b' })).resolves.toContain('<rect');
  });

  it(`runs at most ${maxSvgTasksPerOwner} SVGs of one user at a time, and other users' beside them`, async () => {
    const tasks = Array.from({ length: maxSvgTasksPerOwner + 3 }, () =>
      sanitizeSvgOffThread(logo, { owner: 'busy' }).then(
        () => 'done',
        (error: unknown) => (error instanceof UploadRejected ? 'refused' : String(error)),
      ),
    );
    const other = sanitizeSvgOffThread(logo, { owner: 'someone-else' });
    const outcomes = await Promise.all(tasks);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(maxSvgTasksPerOwner);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(3);
    await expect(other).resolves.toContain('<rect');
    await expect(sanitizeSvgOffThread(logo, { owner: 'busy' })).resolves.toContain('<rect');
  });
});
