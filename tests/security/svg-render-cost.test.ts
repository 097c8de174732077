import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSvgWorker, maxImageSide, maxSvgFilteredElements } from '../../server/storage/uploads';
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

  it('refuses a filter of too many steps', async () => {
    const steps = Array.from({ length: 40 }, () => '<feGaussianBlur stdDeviation="2"/>').join('');
    await refused(
      svg(`<defs><filter id="f">${steps}</filter></defs><rect width="9" height="9" filter="url(#f)"/>`),
      /filter/,
    );
  });

  it(`accepts a logo with up to ${maxSvgFilteredElements} filtered elements, such as a drop shadow`, async () => {
    const shadow =
      '<defs><filter id="s"><feDropShadow dx="2" dy="2" stdDeviation="2"/></filter></defs>' +
      Array.from(
        { length: maxSvgFilteredElements },
        () => '<circle cx="50" cy="50" r="40" filter="url(#s)"/>',
      ).join('');
    const response = await upload(svg(shadow));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses an intrinsic size beyond the pixel limit with its message', async () => {
    await refused(svg('<rect width="9" height="9"/>', ' width="1000000" height="1000"'), /at most/);
    await refused(svg('<rect width="9" height="9"/>', ' width="10000" height="10000"'), /megapixels/);
  });

  it(`accepts an SVG of ${maxImageSide} by 1000 pixels`, async () => {
    const response = await upload(
      svg('<rect width="9" height="9"/>', ` width="${maxImageSide}" height="1000"`),
    );
    expect(response.statusCode, response.body).toBe(200);
  });
});
