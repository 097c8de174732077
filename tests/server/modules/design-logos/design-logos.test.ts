import { Readable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { limits } from '../../../../contract/common';
import { designLogos } from '../../../../server/db/schema';
import {
  type Ctx,
  closeUploadTestApp,
  hugePng,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
  storedFiles,
  svgImage,
} from './fixtures';
import { hearChanges } from '../changes/heard';

let ctx: Ctx;
let who: People;
beforeEach(async () => {
  ({ ctx, who } = await peopleTestApp());
});
afterEach(() => closeUploadTestApp(ctx));

type Call = typeof who.director;

const upload = (call: Call, file: Parameters<typeof multipart>[1], organizationId?: number) =>
  call({
    method: 'POST',
    url: organizationId ? `/api/design-logos?OrganizationId=${organizationId}` : '/api/design-logos',
    ...multipart({}, file),
  });

async function logoRows() {
  const [row] = await ctx.db.select({ n: count() }).from(designLogos);
  return row.n;
}

/** A refused upload answers 400 naming ImageFile and leaves no row and no stored file. */
async function expectRefused(response: Awaited<ReturnType<Call>>, message: RegExp) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.result).toBeNull();
  expect(body.validationFailures[0].propertyName).toBe('ImageFile');
  expect(body.validationFailures[0].errorMessage).toMatch(message);
  expect(await logoRows()).toBe(0);
  expect(await storedFiles(ctx)).toEqual([]);
}

describe('POST /api/design-logos', () => {
  it('stores a png for the director’s own organization and serves it inert, typed by its content', async () => {
    const png = await pngImage();
    const response = await upload(who.director, { name: 'crest.png', type: 'image/png', content: png });
    expect(response.statusCode).toBe(200);
    const logo = response.json().result;
    expect(logo).toMatchObject({ organizationId: who.lincoln.id, fileName: 'crest.png' });
    expect(logo.fileUrl).toBe(`/api/design-logos/${logo.id}/file`);
    const [row] = await ctx.db.select().from(designLogos).where(eq(designLogos.id, logo.id));
    expect(row.storageKey).toMatch(/^design-logos\/[0-9a-f-]{36}$/);
    expect(row.storageKey).not.toContain('crest');

    const file = await who.director({ method: 'GET', url: logo.fileUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('stores an svg as image/svg+xml after sanitizing it', async () => {
    const response = await upload(who.director, {
      name: 'crest.svg',
      type: 'image/svg+xml',
      content: svgImage,
    });
    expect(response.statusCode).toBe(200);
    const file = await who.director({ method: 'GET', url: response.json().result.fileUrl });
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.body).toContain('<circle');
    expect(file.body).toContain('xmlns="http://www.w3.org/2000/svg"');
  });

  it('keeps local references: gradients, clip paths and <use> of the same document', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><circle id="dot" r="2"/></defs>
      <style>.a { fill: url("#g") }</style>
      <rect class="a" width="10" height="10" style="stroke: url('#g')"/>
      <use xlink:href="#dot" x="5" y="5"/><use href="#dot" x="2" y="2"/>
    </svg>`;
    const response = await upload(who.director, { name: 'local.svg', type: 'image/svg+xml', content: svg });
    expect(response.statusCode).toBe(200);
    const file = await who.director({ method: 'GET', url: response.json().result.fileUrl });
    expect(file.body).toContain('url("#g")');
    expect(file.body).toContain('href="#dot"');
  });

  it('lets an Admin upload for the organization named in OrganizationId', async () => {
    const response = await upload(
      who.admin,
      { name: 'a.png', type: 'image/png', content: await pngImage() },
      who.riverside.id,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().result.organizationId).toBe(who.riverside.id);
  });

  it('asks an Admin to choose an organization', async () => {
    const response = await upload(who.admin, { name: 'a.png', type: 'image/png', content: await pngImage() });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures[0].propertyName).toBe('OrganizationId');
    expect(await storedFiles(ctx)).toEqual([]);
  });

  it('refuses a director uploading into another organization with 403', async () => {
    const response = await upload(
      who.director,
      { name: 'a.png', type: 'image/png', content: await pngImage() },
      who.riverside.id,
    );
    expect(response.statusCode).toBe(403);
    expect(await logoRows()).toBe(0);
    expect(await storedFiles(ctx)).toEqual([]);
  });

  it('refuses a visitor with 401', async () => {
    const response = await upload(who.visitor, {
      name: 'a.png',
      type: 'image/png',
      content: await pngImage(),
    });
    expect(response.statusCode).toBe(401);
  });

  describe('bad files', () => {
    it(`refuses a 21 MB file (the limit is ${limits.logoBytes / 1024 / 1024} MB) before reading it`, async () => {
      const big = await hugePng(21 * 1024 * 1024);
      const response = await upload(who.director, { name: 'big.png', type: 'image/png', content: big });
      await expectRefused(response, /at most 20 MB/);
    });

    it('refuses a file growing past 20 MB while streaming, when no length was announced', async () => {
      const { payload, headers } = multipart(
        {},
        {
          name: 'big.png',
          type: 'image/png',
          content: await hugePng(21 * 1024 * 1024),
        },
      );
      const chunks = Array.from({ length: Math.ceil(payload.length / 65536) }, (_, i) =>
        payload.subarray(i * 65536, (i + 1) * 65536),
      );
      const response = await who.director({
        method: 'POST',
        url: '/api/design-logos',
        headers,
        payload: Readable.from(chunks),
      });
      await expectRefused(response, /at most 20 MB/);
    });

    it('refuses a .png that is really HTML', async () => {
      const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
      await expectRefused(
        await upload(who.director, { name: 'x.png', type: 'image/png', content: html }),
        /not a valid SVG/,
      );
    });

    it('refuses an svg with a <script> element', async () => {
      const svg = svgImage.replace('</svg>', '<script>alert(1)</script></svg>');
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: svg }),
        /script/,
      );
    });

    it('refuses an svg with an onload= handler', async () => {
      const svg = svgImage.replace('<svg ', '<svg onload="alert(1)" ');
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: svg }),
        /onload/,
      );
    });

    it('refuses an svg with foreignObject or an external reference', async () => {
      const foreign = svgImage.replace(
        '</svg>',
        '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
      );
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: foreign }),
        /foreignObject/,
      );
      const external = svgImage.replace('</svg>', '<image href="https://evil.example/track.png"/></svg>');
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: external }),
        /external/,
      );
    });

    it('refuses an svg over 5 MB, which would take too long to sanitize, pointing to PNG', async () => {
      const padding = `<desc>${'x'.repeat(5 * 1024 * 1024)}</desc>`;
      const svg = svgImage.replace('</svg>', `${padding}</svg>`);
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: svg }),
        /SVG must be at most 5 MB; save larger artwork as a PNG/,
      );
    });

    it('refuses an svg with thousands of elements before parsing it', async () => {
      const svg = svgImage.replace('</svg>', `${'<circle r="1"/>'.repeat(5_001)}</svg>`);
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: svg }),
        /more than 5000 elements/,
      );
    });

    it('refuses an svg declaring entities (billion laughs)', async () => {
      const svg = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${svgImage.replace('<?xml version="1.0" encoding="UTF-8"?>', '').replace('LHS', '&b;')}`;
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: svg }),
        /entities/,
      );
    });

    it('refuses an svg whose style loads something from elsewhere', async () => {
      const svg = svgImage.replace('.ring {', "@import url('https://evil.example/x.css'); .ring {");
      await expectRefused(
        await upload(who.director, { name: 'x.svg', type: 'image/svg+xml', content: svg }),
        /external/,
      );
    });

    it('refuses a png/svg polyglot', async () => {
      const polyglot = Buffer.concat([
        await pngImage(),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      ]);
      await expectRefused(
        await upload(who.director, { name: 'x.png', type: 'image/png', content: polyglot }),
        /data after its end/,
      );
    });

    it('refuses a path-like file name such as ../../x.png', async () => {
      await expectRefused(
        await upload(who.director, { name: '../../x.png', type: 'image/png', content: await pngImage() }),
        /plain name/,
      );
    });

    it('refuses an empty file', async () => {
      await expectRefused(
        await upload(who.director, { name: 'x.png', type: 'image/png', content: '' }),
        /empty/,
      );
    });

    it('refuses a png cut short', async () => {
      const png = await pngImage();
      await expectRefused(
        await upload(who.director, {
          name: 'x.png',
          type: 'image/png',
          content: png.subarray(0, png.length - 12),
        }),
        /complete PNG/,
      );
    });

    it('refuses a form without ImageFile', async () => {
      const response = await who.director({
        method: 'POST',
        url: '/api/design-logos',
        ...multipart({ note: 'x' }),
      });
      await expectRefused(response, /required/);
    });
  });
});

describe('GET /api/design-logos', () => {
  it('lists only the organization’s own logos', async () => {
    await upload(who.director, { name: 'mine.png', type: 'image/png', content: await pngImage() });
    await upload(who.otherDirector, { name: 'theirs.png', type: 'image/png', content: await pngImage() });
    const mine = await who.director({ method: 'GET', url: '/api/design-logos' });
    expect(mine.json().result.map((logo: { fileName: string }) => logo.fileName)).toEqual(['mine.png']);
    const asAdmin = await who.admin({
      method: 'GET',
      url: `/api/design-logos?organizationId=${who.riverside.id}`,
    });
    expect(asAdmin.json().result.map((logo: { fileName: string }) => logo.fileName)).toEqual(['theirs.png']);
  });

  it('refuses a director asking for another organization with 403', async () => {
    const response = await who.director({
      method: 'GET',
      url: `/api/design-logos?organizationId=${who.riverside.id}`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses another organization’s logo file with 403', async () => {
    const theirs = (
      await upload(who.otherDirector, { name: 't.png', type: 'image/png', content: await pngImage() })
    ).json().result;
    expect((await who.director({ method: 'GET', url: theirs.fileUrl })).statusCode).toBe(403);
  });
});

describe('DELETE /api/design-logos/{id}', () => {
  it('moves the logo to the trash: gone from the list, its file kept until deleted forever', async () => {
    const logo = (
      await upload(who.director, { name: 'x.png', type: 'image/png', content: await pngImage() })
    ).json().result;
    const response = await who.director({ method: 'DELETE', url: `/api/design-logos/${logo.id}` });
    expect(response.statusCode).toBe(200);
    expect((await who.director({ method: 'GET', url: '/api/design-logos' })).json().result).toEqual([]);
    expect(await logoRows()).toBe(1);
    expect(await storedFiles(ctx)).toHaveLength(1);
    expect((await who.director({ method: 'DELETE', url: `/api/design-logos/${logo.id}` })).statusCode).toBe(
      404,
    );
  });

  it('refuses deleting another organization’s logo with 403 and keeps it', async () => {
    const theirs = (
      await upload(who.otherDirector, { name: 't.png', type: 'image/png', content: await pngImage() })
    ).json().result;
    expect((await who.director({ method: 'DELETE', url: `/api/design-logos/${theirs.id}` })).statusCode).toBe(
      403,
    );
    expect(await logoRows()).toBe(1);
    expect(await storedFiles(ctx)).toHaveLength(1);
  });

  it('answers 404 for an unknown logo', async () => {
    expect((await who.director({ method: 'DELETE', url: '/api/design-logos/999' })).statusCode).toBe(404);
  });
});

describe('the design logo trash', () => {
  const uploadAndTrash = async (call: Call) => {
    const logo = (
      await upload(call, { name: 'crest.png', type: 'image/png', content: await pngImage() })
    ).json().result;
    expect((await call({ method: 'DELETE', url: `/api/design-logos/${logo.id}` })).statusCode).toBe(200);
    return logo as { id: number };
  };

  it('lists the organization’s trashed logos with who deleted them, and restores one', async () => {
    const logo = await uploadAndTrash(who.director);
    const trash = (await who.director({ method: 'GET', url: '/api/design-logos/trash' })).json().result;
    expect(trash).toMatchObject([{ id: logo.id, fileName: 'crest.png', deletedByName: expect.any(String) }]);
    expect(Date.parse(trash[0].deletedAt)).not.toBeNaN();
    const restored = await who.director({ method: 'POST', url: `/api/design-logos/${logo.id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect((await who.director({ method: 'GET', url: '/api/design-logos' })).json().result).toMatchObject([
      { id: logo.id },
    ]);
    expect((await who.director({ method: 'GET', url: '/api/design-logos/trash' })).json().result).toEqual([]);
  });

  it("announces every change to the organization's logos: upload, trash, restore and delete forever", async () => {
    const heard = await hearChanges(ctx.db);
    onTestFinished(() => heard.close());
    const logo = await uploadAndTrash(who.director);
    await who.director({ method: 'POST', url: `/api/design-logos/${logo.id}/restore` });
    await who.director({ method: 'DELETE', url: `/api/design-logos/${logo.id}` });
    await who.director({ method: 'POST', url: '/api/design-logos/purge-many', payload: { ids: [logo.id] } });
    const change = (action: string) =>
      expect.objectContaining({
        resource: 'design-logos',
        id: logo.id,
        action,
        organizationId: who.lincoln.id,
      });
    await expect
      .poll(() => heard.notices)
      .toEqual([
        change('created'),
        change('deleted'),
        change('restored'),
        change('deleted'),
        change('deleted'),
      ]);
  });

  it('keeps another organization’s trash from an athletic director: not listed, not restored, not purged', async () => {
    const theirs = await uploadAndTrash(who.otherDirector);
    expect((await who.director({ method: 'GET', url: '/api/design-logos/trash' })).json().result).toEqual([]);
    const asked = await who.director({
      method: 'GET',
      url: `/api/design-logos/trash?organizationId=${who.riverside.id}`,
    });
    expect(asked.statusCode).toBe(403);
    for (const request of [
      { method: 'POST', url: `/api/design-logos/${theirs.id}/restore` },
      { method: 'POST', url: '/api/design-logos/restore-many', payload: { ids: [theirs.id] } },
      { method: 'POST', url: '/api/design-logos/purge-many', payload: { ids: [theirs.id] } },
    ] as const) {
      expect((await who.director(request)).statusCode).toBe(403);
    }
    expect(await logoRows()).toBe(1);
    expect(await storedFiles(ctx)).toHaveLength(1);
    const admin = await who.admin({
      method: 'GET',
      url: `/api/design-logos/trash?organizationId=${who.riverside.id}`,
    });
    expect(admin.json().result).toMatchObject([{ id: theirs.id }]);
  });

  it('deletes trashed logos forever in bulk, files and all; a logo outside the trash is a 404', async () => {
    const first = await uploadAndTrash(who.director);
    const second = await uploadAndTrash(who.director);
    const live = (
      await upload(who.director, { name: 'l.png', type: 'image/png', content: await pngImage() })
    ).json().result;
    const refused = await who.director({
      method: 'POST',
      url: '/api/design-logos/purge-many',
      payload: { ids: [live.id] },
    });
    expect(refused.statusCode).toBe(404);
    const purged = await who.director({
      method: 'POST',
      url: '/api/design-logos/purge-many',
      payload: { ids: [first.id, second.id] },
    });
    expect(purged.json().result).toEqual({ count: 2 });
    expect(await logoRows()).toBe(1);
    expect(await storedFiles(ctx)).toHaveLength(1);
  });
});
