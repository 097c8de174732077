import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxImageSide, maxSvgDepth, maxSvgFilterSteps } from '../../server/storage/image-limits';
import { closeSvgWorker } from '../../server/storage/sanitize-pool';
import { svgDrawBudgetMs } from '../../server/storage/svg-cost';
import {
  closeUploadTestApp,
  type Ctx,
  multipart,
  type People,
  peopleTestApp,
} from '../server/modules/design-logos/fixtures';
import { snapshot } from './support';

/**
 * What an SVG costs to draw is not what it costs to parse: 10 KB of blurred full-size
 * rectangles took about 50 s of CPU for each product made from it, and a huge intrinsic size
 * failed every product with a 500. Both are refused at upload, where the user can be told why.
 */
afterAll(() => closeSvgWorker());

const svg = (body: string, attributes = ' width="500" height="500" viewBox="0 0 500 500"') =>
  `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${body}</svg>`;
const blur = '<defs><filter id="b"><feGaussianBlur stdDeviation="1000"/></filter></defs>';
const blurred = (count: number) =>
  blur + Array.from({ length: count }, () => '<rect width="100%" height="100%" filter="url(#b)"/>').join('');

describe('the drawing cost of an uploaded SVG logo', () => {
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

  const refused = async (content: string, message: RegExp) => {
    const before = await snapshot(ctx);
    const response = await upload(content);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().validationFailures[0]).toMatchObject({ propertyName: 'ImageFile' });
    expect(response.json().validationFailures[0].errorMessage).toMatch(message);
    expect(await snapshot(ctx)).toEqual(before);
  };

  it('refuses 200 blurred full-size rectangles before anything is drawn', async () => {
    await refused(svg(blurred(200)), /filter/);
  });

  it.each([
    [
      'drawn again by <use>',
      `${blur}<g id="x" filter="url(#b)"><rect width="9" height="9"/></g><use href="#x"/>`,
    ],
    ['inside a pattern', `${blur}<pattern id="p"><rect width="9" height="9" filter="url(#b)"/></pattern>`],
    ['set by a stylesheet', `${blur}<style>rect { filter: url(#b) }</style><rect width="9" height="9"/>`],
  ])('refuses a filter %s, which may be drawn any number of times', async (_name, body) => {
    await refused(svg(body), /filter/);
  });

  it.each([
    [
      'in one filter',
      `<defs><filter id="f">${'<feGaussianBlur stdDeviation="2"/>'.repeat(maxSvgFilterSteps + 1)}</filter></defs><rect width="9" height="9" filter="url(#f)"/>`,
    ],
    [
      'over several elements',
      `${blur}${'<rect width="9" height="9" filter="url(#b)"/>'.repeat(maxSvgFilterSteps + 1)}`,
    ],
    [
      'as filter functions',
      `<rect width="9" height="9" style="filter: ${'blur(2px) '.repeat(maxSvgFilterSteps + 1)}"/>`,
    ],
  ])(`refuses more than ${maxSvgFilterSteps} filter steps drawn %s`, async (_name, body) => {
    await refused(svg(body), /filter steps/);
  });

  it.each([
    ['a morphology radius', '<feMorphology operator="dilate" radius="20"/>', /radius/],
    ['a convolution order', `<feConvolveMatrix order="9" kernelMatrix="${'1 '.repeat(81)}"/>`, /convolution/],
  ])('refuses %s whose cost grows past a small one', async (_name, step, message) => {
    await refused(
      svg(`<defs><filter id="f">${step}</filter></defs><rect width="9" height="9" filter="url(#f)"/>`),
      message,
    );
  });

  it(`accepts a logo drawing up to ${maxSvgFilterSteps} filter steps, such as shadows and a glow`, async () => {
    const effects =
      '<defs><filter id="s"><feDropShadow dx="2" dy="2" stdDeviation="2"/></filter>' +
      '<filter id="glow"><feMorphology radius="2" operator="dilate"/><feGaussianBlur stdDeviation="3"/>' +
      '<feFlood flood-color="#fc0"/><feComposite operator="in" in2="SourceAlpha"/><feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter></defs>' +
      '<circle cx="50" cy="50" r="40" filter="url(#s)"/><circle cx="150" cy="50" r="40" style="filter: url(#s) blur(1px)"/>' +
      '<path d="M10 200 h100 v50 z" filter="url(#glow)"/><rect width="9" height="9" filter="none"/>';
    const response = await upload(svg(effects));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an intrinsic size beyond the pixel limit with its message', async () => {
    await refused(svg('<rect width="9" height="9"/>', ' width="1000000" height="1000"'), /at most/);
    await refused(svg('<rect width="9" height="9"/>', ' width="10000" height="10000"'), /megapixels/);
  });

  it('refuses an SVG whose size rounds to no pixels with its message, not a 500', async () => {
    await refused(
      svg('<rect width="9" height="9"/>', ' width="0.0001" height="0.0001"'),
      /^The SVG has no size$/,
    );
  });

  it(`refuses an SVG nesting elements deeper than the renderer reads (${maxSvgDepth}) with its message, not a 500`, async () => {
    const nested = '<g opacity="0.9">'.repeat(2400) + '<rect width="9" height="9"/>' + '</g>'.repeat(2400);
    await refused(
      svg(nested),
      new RegExp(`^The SVG nests elements more than ${maxSvgDepth} deep; simplify it or upload a PNG$`),
    );
  });

  it(`accepts an SVG of ${maxImageSide} by 1000 pixels`, async () => {
    const response = await upload(
      svg('<rect width="9" height="9"/>', ` width="${maxImageSide}" height="1000"`),
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});

/**
 * Logos that passed every rule on their elements and still took minutes to draw: the cost of a
 * drawing is only known by drawing it. Each is drawn once at upload, in a render child killed
 * past the budget, and refused.
 */
describe('an uploaded SVG logo that is costly to draw however its rules are read', () => {
  let ctx: Ctx;
  let who: People;
  beforeEach(async () => {
    ({ ctx, who } = await peopleTestApp());
  });
  afterEach(() => closeUploadTestApp(ctx));

  const morphologies = `<defs><filter id="f" primitiveUnits="objectBoundingBox">${'<feMorphology operator="dilate" radius="0.02"/>'.repeat(8)}</filter></defs><rect width="500" height="500" filter="url(#f)"/>`;
  const stretchedText = `<text x="0" y="250" textLength="500" lengthAdjust="spacingAndGlyphs">${'W'.repeat(300_000)}</text>`;
  let references = '<rect id="u0" width="1" height="1"/>';
  for (let level = 1; level <= 6; level++)
    references += `<g id="u${level}">${`<use href="#u${level - 1}"/>`.repeat(10)}</g>`;
  const nestedUses = `<defs>${references}</defs><use href="#u6"/>`;

  it.each([
    ['8 morphology steps sized by the bounding box', morphologies],
    ['a text of 300,000 characters stretched to a length', stretchedText],
    ['nested <use> drawing a million references', nestedUses],
  ])(
    'refuses %s, within the budget',
    async (_name, body) => {
      const content = svg(body);
      const before = await snapshot(ctx);
      const started = Date.now();
      const response = await who.director({
        method: 'POST',
        url: '/api/design-logos',
        ...multipart({}, { name: 'crest.svg', type: 'image/svg+xml', content: Buffer.from(content) }),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validationFailures[0]).toMatchObject({
        propertyName: 'ImageFile',
        errorMessage: expect.stringMatching(/^The SVG (takes too long to draw|cannot be drawn); simplify it/),
      });
      // Sanitizing, starting a render child and the budget: far from the minutes of drawing it.
      expect(Date.now() - started).toBeLessThan(svgDrawBudgetMs + 15_000);
      expect(await snapshot(ctx)).toEqual(before);
    },
    60_000,
  );
});
