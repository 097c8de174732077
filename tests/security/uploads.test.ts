import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { limits } from '../../contract/common';
import { productImageMaxBytes } from '../../contract/merchandise';
import { profilePhoto } from '../../contract/users';
import { designLogos, users } from '../../server/db/schema';
import { storedFileCsp } from '../../server/storage/http';
import {
  type Ctx,
  closeUploadTestApp,
  type FilePart,
  hugePng,
  imageUploads,
  type People,
  pngImage,
  svgImage,
  uploadScene,
} from '../server/modules/design-logos/fixtures';
import { snapshot } from './support';

/**
 * Files that try to become active content in the portal's origin (an SVG or HTML page
 * running script with the user's cookie), and files too large to accept. A refused upload
 * leaves no row and no stored file; whatever is stored is served so that nothing in it runs.
 */
let ctx: Ctx;
let who: People;
let directorId: number;
let routes: ReturnType<typeof imageUploads>;
beforeEach(async () => {
  const scene = await uploadScene();
  ({ ctx, who, directorId } = scene);
  routes = imageUploads(scene);
});
afterEach(() => closeUploadTestApp(ctx));

/** Every route that stores an uploaded image, with the field it reads the file from. */
const uploadRoutes = () =>
  [
    { name: 'a logo', field: 'ImageFile', send: routes.logo },
    { name: 'a product image', field: 'ImageFile', send: routes.product },
    { name: 'a storefront image', field: 'ImageFile', send: routes.storefront },
    { name: 'a profile photo', field: 'profilePhoto', send: routes.photo },
  ] as const;

const logoUpload = (file: FilePart) => routes.logo(file);

/** The spec's 400 naming the file field, and not a row or stored file more than before. */
async function expectRefused(
  response: Awaited<ReturnType<typeof logoUpload>>,
  field: string,
  before: Awaited<ReturnType<typeof snapshot>>,
  message?: RegExp,
) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body.result).toBeNull();
  expect(body.validationFailures).toHaveLength(1);
  expect(body.validationFailures[0].propertyName).toBe(field);
  if (message) expect(body.validationFailures[0].errorMessage).toMatch(message);
  expect(await snapshot(ctx)).toEqual(before);
}

/** What keeps a served file inert: its declared type only, and no script even if it has one. */
function expectInert(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['content-security-policy']).toBe(storedFileCsp);
  const directives = storedFileCsp.split(';').map((directive) => directive.trim());
  expect(directives).toContain("default-src 'none'");
  expect(directives).toContain('sandbox');
  expect(storedFileCsp).not.toMatch(/allow-scripts|script-src/);
}

const svg = (body: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"${attributes}>${body}</svg>`;

describe('an svg with script served back as active content', () => {
  it.each([
    ['a script element', svg('<script>alert(document.cookie)</script>'), /script element/],
    ['a script in CDATA', svg('<script><![CDATA[alert(1)]]></script>'), /script element/],
    [
      'an XHTML script',
      svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>'),
      /script/,
    ],
    ['an onload handler', svg('', ' onload="alert(1)"'), /event handler/],
    ['an upper-case handler', svg('', ' ONLOAD="alert(1)"'), /event handler/],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><text>x</text></a>'), /external/],
    ['a javascript: xlink', svg('<a xlink:href=" javascript:alert(1)"><text>x</text></a>'), /external/],
    ['a nested svg document', svg('<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>'), /external/],
    [
      'HTML in foreignObject',
      svg(
        '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>',
      ),
      /foreignObject/,
    ],
    ['an iframe', svg('<iframe src="javascript:alert(1)"/>'), /iframe/],
  ])('refuses an svg with %s, leaving no row and no file', async (_name, content, message) => {
    const before = await snapshot(ctx);
    await expectRefused(
      await logoUpload({ name: 'crest.svg', type: 'image/svg+xml', content }),
      'ImageFile',
      before,
      message,
    );
  });

  it('stores an svg only without the scripting the checks do not name, and serves it inert', async () => {
    const sneaky = [
      svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'),
      svg('<a><set attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'),
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="http://www.w3.org/1999/xlink"><a x:href="javascript:alert(1)"><text>x</text></a></svg>`,
    ];
    for (const content of sneaky) {
      const response = await logoUpload({ name: 'crest.svg', type: 'image/svg+xml', content });
      expect(response.statusCode, response.body).toBe(200);
      const [row] = await ctx.db
        .select()
        .from(designLogos)
        .where(eq(designLogos.id, response.json().result.id));
      const stored = (await buffer((await ctx.app.storage.get(row.storageKey))!.body)).toString('utf8');
      const served = await who.director({ url: response.json().result.fileUrl });
      for (const text of [stored, served.body]) {
        expect(text).toContain('<text>x</text>');
        expect(text).not.toMatch(/javascript:|<script|<animate|<set|\son\w+=/i);
      }
      expect(served.headers['content-type']).toBe('image/svg+xml');
      expectInert(served.headers);
    }
  });

  it('serves even a stored svg that carries a script without letting it run', async () => {
    // A file that reached storage some other way (an older release, a restored backup).
    const planted = await ctx.app.storage.put(Buffer.from(svg('<script>alert(document.cookie)</script>')), {
      contentType: 'image/svg+xml',
      prefix: 'design-logos',
    });
    const [row] = await ctx.db
      .insert(designLogos)
      .values({
        organizationId: who.lincoln.id,
        fileName: 'old.svg',
        storageKey: planted.key,
        contentType: 'image/svg+xml',
        byteSize: planted.size,
      })
      .returning();
    const served = await who.director({ url: `/api/design-logos/${row.id}/file` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['cross-origin-resource-policy']).toBe('same-origin');
    expectInert(served.headers);
  });
});

describe('polyglot uploads', () => {
  const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

  it('refuses a PNG header followed by HTML on every upload route, leaving no row and no file', async () => {
    const content = Buffer.concat([(await pngImage()).subarray(0, 33), Buffer.from(html)]);
    for (const route of uploadRoutes()) {
      const before = await snapshot(ctx);
      await expectRefused(
        await route.send({ name: 'x.png', type: 'image/png', content }),
        route.field,
        before,
      );
    }
  });

  it('refuses a whole PNG with HTML after its end where the file is kept as sent', async () => {
    const content = Buffer.concat([await pngImage(), Buffer.from(html)]);
    for (const route of uploadRoutes().filter((r) => r.field === 'ImageFile')) {
      const before = await snapshot(ctx);
      await expectRefused(
        await route.send({ name: 'x.png', type: 'image/png', content }),
        route.field,
        before,
        /data after its end/,
      );
    }
  });

  it('keeps only the pixels of such a PNG as a profile photo: a fresh WebP without the HTML', async () => {
    const content = Buffer.concat([await pngImage(), Buffer.from(html)]);
    const photo = uploadRoutes().find((r) => r.field === 'profilePhoto')!;
    const response = await photo.send({ name: 'me.png', type: 'image/png', content });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, directorId));
    const stored = await buffer((await ctx.app.storage.get(row.profilePhotoKey!))!.body);
    expect(stored.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(stored.includes(Buffer.from('<script'))).toBe(false);
  });

  it('refuses an SVG or HTML named .png where only PNG is taken, leaving no row and no file', async () => {
    for (const route of uploadRoutes().filter((r) => r.name !== 'a logo')) {
      for (const content of [svgImage, html]) {
        const before = await snapshot(ctx);
        await expectRefused(
          await route.send({ name: 'x.png', type: 'image/png', content }),
          route.field,
          before,
        );
      }
    }
  });

  it('types a logo by its content: an SVG named .png is kept as a sanitized svg, never served as a PNG', async () => {
    const response = await logoUpload({ name: 'crest.png', type: 'image/png', content: svgImage });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.fileName).toBe('crest.svg');
    const served = await who.director({ url: response.json().result.fileUrl });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expectInert(served.headers);
    const before = await snapshot(ctx);
    await expectRefused(
      await logoUpload({ name: 'crest.svg', type: 'image/svg+xml', content: html }),
      'ImageFile',
      before,
      /not a valid SVG/,
    );
  });
});

describe('oversized uploads', () => {
  it(`refuses images over ${limits.logoBytes / 1024 / 1024} MB on every image route, leaving no row and no file`, async () => {
    const big = await hugePng(Math.max(limits.logoBytes, productImageMaxBytes) + 1024 * 1024);
    for (const route of uploadRoutes().filter((r) => r.field === 'ImageFile')) {
      const before = await snapshot(ctx);
      await expectRefused(
        await route.send({ name: 'big.png', type: 'image/png', content: big }),
        route.field,
        before,
        /at most 20 MB/,
      );
    }
  });

  it(`refuses a profile photo over ${profilePhoto.maxBytes / 1024 / 1024} MB and changes nothing`, async () => {
    const photo = uploadRoutes().find((r) => r.field === 'profilePhoto')!;
    const before = await snapshot(ctx);
    await expectRefused(
      await photo.send({
        name: 'big.png',
        type: 'image/png',
        content: await hugePng(profilePhoto.maxBytes + 1),
      }),
      'profilePhoto',
      before,
      /at most 5 MB/,
    );
  });
});
