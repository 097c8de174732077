import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  maxSvgAttributes,
  maxSvgAttributesPerElement,
  maxSvgDepth,
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
    await sanitizeSvgOffThread(logo, { owner: 'a', turn: 'school-a' });
    await expect(sanitizeSvgOffThread(slow, { owner: 'a', turn: 'school-a', timeoutMs: 50 })).rejects.toThrow(
      /took too long/,
    );
    await expect(sanitizeSvgOffThread(logo, { owner: 'b', turn: 'school-b' })).resolves.toContain('<rect');
  });

  it(`runs at most ${maxSvgTasksPerOwner} SVGs of one user at a time, and other users' beside them`, async () => {
    const tasks = Array.from({ length: maxSvgTasksPerOwner + 3 }, () =>
      sanitizeSvgOffThread(logo, { owner: 'busy', turn: 'school-a' }).then(
        () => 'done',
        (error: unknown) => (error instanceof UploadRejected ? 'refused' : String(error)),
      ),
    );
    const other = sanitizeSvgOffThread(logo, { owner: 'someone-else', turn: 'school-b' });
    const outcomes = await Promise.all(tasks);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(maxSvgTasksPerOwner);
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(3);
    await expect(other).resolves.toContain('<rect');
    await expect(sanitizeSvgOffThread(logo, { owner: 'busy', turn: 'school-a' })).resolves.toContain('<rect');
  });
});

/**
 * Every school's SVGs share the one sanitizer thread. One director keeping two deeply nested
 * files in flight held another school's one-rectangle logo for 13 to 17 s, and the time limit
 * counted that wait: schools now take turns, the limit counts a task's own work, and nesting
 * past `maxSvgDepth` is refused before the parser sees the file.
 */
describe('schools sharing the SVG worker', () => {
  const logo = svg('<rect width="10" height="10" fill="#0a0"/>');
  /** Near the element and byte limits: about the most work one accepted SVG asks for. */
  const costly = svg(
    Array.from(
      { length: 4_900 },
      (_, i) => `<path id="p${i}" fill="#036" d="${'M0 0 L1 1 '.repeat(90)}"/>`,
    ).join(''),
  );

  /** Work enough to be still running when the next file arrives. */
  const busy = svg(Array.from({ length: 2_000 }, (_, i) => `<path id="p${i}" d="M0 0 L1 1"/>`).join(''));

  it('refuses elements nested past the limit before parsing, and accepts them at it', async () => {
    const nested = (depth: number) =>
      svg(`${'<g>'.repeat(depth - 1)}<rect width="1" height="1"/>${'</g>'.repeat(depth - 1)}`);
    const refused = sanitizeSvgOffThread(nested(4_997), { owner: 'deep', turn: 'school-a' });
    await expect(refused).rejects.toBeInstanceOf(UploadRejected);
    await expect(refused).rejects.toThrow(
      `The SVG nests elements more than ${maxSvgDepth} deep; simplify it or upload a PNG`,
    );
    // The outer <svg> is one level: a file exactly at the limit passes.
    await expect(
      sanitizeSvgOffThread(nested(maxSvgDepth - 1), { owner: 'deep', turn: 'school-a' }),
    ).resolves.toContain('<rect');
    // Closing tags inside comments, CDATA and quoted values cannot hide depth.
    const hidden = svg(
      `${'<g><!-- </g> --><![CDATA[</g>]]><g class="</g>">'.repeat(maxSvgDepth)}${'</g></g>'.repeat(maxSvgDepth)}`,
    );
    await expect(sanitizeSvgOffThread(hidden, { owner: 'deep', turn: 'school-a' })).rejects.toThrow(
      `more than ${maxSvgDepth} deep`,
    );
  });

  it("serves another school's small logo before one school's queued costly ones", async () => {
    await sanitizeSvgOffThread(logo, { owner: 'warm', turn: 'school-b' });
    const finished: string[] = [];
    const track = (name: string, task: Promise<string>) =>
      task.then(() => {
        finished.push(name);
      });
    const queued = ['a1', 'a2'].flatMap((user) =>
      Array.from({ length: maxSvgTasksPerOwner }, (_, i) =>
        track(`${user}-${i}`, sanitizeSvgOffThread(busy, { owner: user, turn: 'school-a' })),
      ),
    );
    const small = track('school-b', sanitizeSvgOffThread(logo, { owner: 'b', turn: 'school-b' }));
    await Promise.all([...queued, small]);
    // At most the costly file already running goes before it, not the four school A queued.
    expect(finished.indexOf('school-b'), finished.join(', ')).toBeLessThanOrEqual(1);
  });

  it('counts only the work against the time limit, not the wait for a turn', async () => {
    await sanitizeSvgOffThread(logo, { owner: 'warm', turn: 'school-b' });
    const started = performance.now();
    const running = sanitizeSvgOffThread(costly, { owner: 'a', turn: 'school-a' }).then(
      () => performance.now() - started,
    );
    // A small logo's own work takes milliseconds; its wait takes as long as the costly file.
    const small = sanitizeSvgOffThread(logo, { owner: 'b', turn: 'school-b', timeoutMs: 300 });
    await expect(small).resolves.toContain('<rect');
    expect(await running, "the costly file must outlast the small one's limit").toBeGreaterThan(300);
  });
});
