import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  addBaseApparel,
  type Ctx,
  closeUploadTestApp,
  multipart,
  people,
  photoEdit,
  pngImage,
  productUpload,
  uploadTestApp,
} from '../server/modules/design-logos/fixtures';
import { PngChecker } from '../../server/storage/png';
import { pngChunk, withChunks } from '../faults/png';

/**
 * What an image's metadata says (who made it, with what, where, when) is not the portal's to
 * publish: whatever route stores an image, what is served carries its pixels and colours only.
 */
const marker = 'SECRET-MARKER-4f2a';
const droppedChunks = ['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME'];

/** A PNG as an editor saves it: text in all three kinds of text chunk, EXIF and a timestamp. */
const withMetadata = (png: Buffer) =>
  withChunks(
    png,
    pngChunk('tEXt', Buffer.from(`Author\0${marker}`, 'latin1')),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync(marker)])),
    pngChunk('iTXt', Buffer.from(`Description\0\0\0en\0\0${marker}`, 'utf8')),
    pngChunk('eXIf', Buffer.concat([Buffer.from('MM\0*\0\0\0\x08', 'latin1'), Buffer.from(marker)])),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 23, 5, 30, 0])),
  );

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer) {
  const types: string[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset)) {
    types.push(png.toString('latin1', offset + 4, offset + 8));
  }
  return types;
}

/** The data of each chunk of a type. */
function chunkData(png: Buffer, type: string) {
  const found: Buffer[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset)) {
    if (png.toString('latin1', offset + 4, offset + 8) === type) {
      found.push(png.subarray(offset + 8, offset + 8 + png.readUInt32BE(offset)));
    }
  }
  return found;
}

let ctx: Ctx;
let who: Awaited<ReturnType<typeof people>>;
beforeEach(async () => {
  ctx = await uploadTestApp();
  who = await people(ctx);
});
afterEach(() => closeUploadTestApp(ctx));

async function served(url: string, as = who.director) {
  const response = await as({ url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload;
}

async function expectClean(image: Buffer, width: number, height: number) {
  expect(image.includes(marker)).toBe(false);
  const metadata = await sharp(image).metadata();
  expect({ width: metadata.width, height: metadata.height }).toEqual({ width, height });
  expect(metadata.exif).toBeUndefined();
  if (metadata.format === 'png') {
    expect(chunkTypes(image).filter((type) => droppedChunks.includes(type))).toEqual([]);
  }
}

const uploadLogo = async (content: Buffer) =>
  who.director({
    method: 'POST',
    url: '/api/design-logos',
    ...multipart({}, { name: 'crest.png', type: 'image/png', content }),
  });

describe('metadata of stored images', () => {
  it('is not served with a logo', async () => {
    const logo = await uploadLogo(withMetadata(await pngImage(64, 48)));
    expect(logo.statusCode, logo.body).toBe(200);
    await expectClean(await served(logo.json().result.fileUrl), 64, 48);
  });

  it('is not served with a storefront upload', async () => {
    const upload = await who.director({
      method: 'POST',
      url: '/api/merchandise/UploadImageToShopify',
      ...multipart({}, { name: 'tee.png', type: 'image/png', content: withMetadata(await pngImage(64, 48)) }),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await expectClean(await served(upload.json().result.imageUrl, who.visitor), 64, 48);
  });

  it("is not served with a product's image or thumbnail", async () => {
    const logo = await uploadLogo(await pngImage(256, 192));
    const apparel = await addBaseApparel(ctx);
    const created = await productUpload(
      who,
      { logoId: logo.json().result.id, apparelId: apparel.id },
      { name: 'tee.png', type: 'image/png', content: withMetadata(await pngImage(600, 400)) },
    );
    expect(created.statusCode, created.body).toBe(200);
    await ctx.app.jobs.drain();
    const gallery = await who.director({
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}&maxProductCount=10`,
    });
    const [{ imageUrl, thumbnailUrl }] = gallery.json().result.products[0].media;
    await expectClean(await served(imageUrl, who.visitor), 600, 400);
    await expectClean(await served(thumbnailUrl, who.visitor), 480, 320);
  });

  it('is not served with a profile photo, PNG or JPEG with EXIF', async () => {
    const directorId = (await who.director({ url: '/api/account/me' })).json().result.id;
    const jpeg = await sharp(await pngImage(600, 400))
      .jpeg()
      .withExif({ IFD0: { Copyright: marker, Artist: marker } })
      .toBuffer();
    expect(jpeg.includes(marker)).toBe(true);
    for (const [name, content] of [
      ['me.png', withMetadata(await pngImage(600, 400))],
      ['me.jpg', jpeg],
    ] as const) {
      const saved = await photoEdit(who, directorId, {
        name,
        type: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
        content,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const guid = saved.json().result.profilePhotoGuid;
      await expectClean(await served(`/api/users/${directorId}/profilePhoto/${guid}`, who.admin), 512, 512);
    }
  });

  it('keeps what drawing and printing a PNG need: its palette, transparency and pixel density', async () => {
    const palette = await sharp({
      create: { width: 32, height: 32, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } },
    })
      .png({ palette: true })
      .toBuffer();
    expect(chunkTypes(palette)).toEqual(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']);
    const logo = await uploadLogo(withMetadata(palette));
    const image = await served(logo.json().result.fileUrl);
    expect(chunkTypes(image)).toEqual(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']);
    const [original, stored] = await Promise.all([palette, image].map((png) => sharp(png).raw().toBuffer()));
    expect(stored.equals(original)).toBe(true);
  });

  it('keeps a colour profile but not the name its maker gave it', async () => {
    const profiled = await sharp(await pngImage(64, 48))
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const [profile] = chunkData(profiled, 'iCCP');
    const afterName = profile.subarray(profile.indexOf(0));
    const renamed = Buffer.concat([
      profiled.subarray(0, 33),
      pngChunk('iCCP', Buffer.concat([Buffer.from(marker, 'latin1'), afterName])),
      ...chunkTypes(profiled)
        .slice(1)
        .filter((type) => type !== 'iCCP')
        .map((type) => chunkData(profiled, type).map((data) => pngChunk(type, data)))
        .flat(),
    ]);
    expect(renamed.includes(marker)).toBe(true);

    const logo = await uploadLogo(renamed);
    expect(logo.statusCode, logo.body).toBe(200);
    const image = await served(logo.json().result.fileUrl);
    await expectClean(image, 64, 48);
    expect(chunkData(image, 'iCCP')).toEqual([Buffer.concat([Buffer.from('ICC profile'), afterName])]);
    const [before, after] = await Promise.all([profiled, image].map((png) => sharp(png).metadata()));
    expect(after.icc?.equals(before.icc!)).toBe(true);

    // However the network splits the upload, one byte at a time included.
    const filter = (pieces: Buffer[]) => {
      const checker = new PngChecker();
      const kept = pieces.flatMap((piece) => checker.consume(piece));
      checker.finish();
      return Buffer.concat(kept);
    };
    const upload = withMetadata(renamed);
    const bytes = Array.from(upload, (byte) => Buffer.from([byte]));
    expect(filter(bytes).equals(filter([upload]))).toBe(true);
    expect(filter([upload]).equals(image)).toBe(true);
  });
});
