import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Config } from '../../../../server/config';
import { baseApparel } from '../../../../server/db/schema';
import { ownerMarkerName } from '../../../../server/storage/local';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';

export type Ctx = Awaited<ReturnType<typeof testApp>> & { dataDir: string };

/** An app whose blob store lives in a fresh temporary directory, so tests can count its files. */
export async function uploadTestApp(overrides: Partial<Config> = {}): Promise<Ctx> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'spirit-uploads-'));
  const ctx = await testApp({ dataDir, ...overrides });
  return { ...ctx, dataDir };
}

export async function closeUploadTestApp(ctx: Ctx) {
  await ctx.app.close();
  await rm(ctx.dataDir, { recursive: true, force: true });
}

/** Files in the blob store, except the generated base apparel catalogue and the sweep's owner marker. */
export async function storedFiles(ctx: Ctx, prefix?: string): Promise<string[]> {
  const root = path.join(ctx.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.endsWith('.meta.json') && file !== ownerMarkerName)
    .filter((file) => !file.startsWith('base-apparel') && (!prefix || file.startsWith(prefix)));
}

/** An Admin, a director of Lincoln High and a director of another school, each signed in. */
export async function people(ctx: Ctx) {
  const lincoln = await createOrganization(ctx.db, 'Lincoln High School');
  const riverside = await createOrganization(ctx.db, 'Riverside Rowing Club');
  await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
  await createUser(ctx.db, {
    email: 'director@example.com',
    roles: ['AthleticDirector'],
    organizationId: lincoln.id,
  });
  await createUser(ctx.db, {
    email: 'coach@example.com',
    roles: ['AthleticDirector'],
    organizationId: riverside.id,
  });
  const as = (cookie: string | undefined) => (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
  return {
    lincoln,
    riverside,
    admin: as(await signIn(ctx.app, 'admin@example.com')),
    director: as(await signIn(ctx.app, 'director@example.com')),
    otherDirector: as(await signIn(ctx.app, 'coach@example.com')),
    visitor: as(undefined),
  };
}

export type People = Awaited<ReturnType<typeof people>>;

/** An upload test app with the people signed in. */
export async function peopleTestApp(overrides: Partial<Config> = {}) {
  const ctx = await uploadTestApp(overrides);
  return { ctx, who: await people(ctx) };
}
/** One of the people's (or the visitor's) way to call the API. */
export type Call = People['visitor'];

export interface FilePart {
  field?: string;
  name: string;
  type: string;
  content: Buffer | string;
}

/** A multipart/form-data body with text fields first, then the files. */
export function multipart(fields: Record<string, string | number>, ...files: FilePart[]) {
  const boundary = `----spirit${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'ImageFile'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pngImage = (width = 64, height = 48, colour = '#c00') =>
  sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();

export const svgImage = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">
  <style>.ring { fill: none; stroke: #003366; stroke-width: 8 }</style>
  <circle class="ring" cx="50" cy="50" r="40"/>
  <text x="50" y="58" text-anchor="middle" font-size="24">LHS</text>
</svg>`;

/** A PNG whose first data chunk claims (and carries) `bytes` bytes: valid up to the size limit. */
export async function hugePng(bytes: number) {
  const png = await pngImage();
  const chunkHead = Buffer.alloc(8);
  chunkHead.writeUInt32BE(bytes, 0);
  chunkHead.write('IDAT', 4, 'latin1');
  return Buffer.concat([png.subarray(0, 33), chunkHead, Buffer.alloc(bytes)]);
}

/**
 * The test apparel prints its whole image 3 inches across, front only (a badge), so the small
 * 64 x 48 px logos the tests upload print at 85 DPI at the one-click size; the print quality
 * tests set real garment areas.
 */
export const badgeAreas = {
  front: { left: 0, top: 0, width: 1, height: 1, widthInches: 3, heightInches: 3 },
  back: null,
};

/** A base apparel item with a stored image, as the catalogue seeds them: a tee unless told otherwise. */
export async function addBaseApparel(
  ctx: Pick<Ctx, 'app' | 'db'>,
  item: { title: string; description: string; price: number } = {
    title: 'Classic Cotton Tee',
    description: 'Cotton tee',
    price: 14.5,
  },
  image = { width: 400, height: 400 },
) {
  const stored = await ctx.app.storage.put(await pngImage(image.width, image.height, '#fff'), {
    contentType: 'image/png',
    prefix: 'base-apparel',
  });
  const [apparel] = await ctx.db
    .insert(baseApparel)
    .values({ ...item, imageKey: stored.key, printAreas: badgeAreas })
    .returning();
  return apparel;
}

/**
 * Uploads a logo as `call`, a red 1600 x 1200 PNG unless told otherwise (large enough to print at
 * the one-click size), and fails unless it is stored.
 */
export async function uploadLogo(
  call: Call,
  file: { name: string; type: string; content: Buffer | string | null } = {
    name: 'crest.png',
    type: 'image/png',
    content: null,
  },
) {
  const response = await call({
    method: 'POST',
    url: '/api/design-logos',
    ...multipart({}, { ...file, content: file.content ?? (await pngImage(1600, 1200, '#ff0000')) }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: number };
}

/**
 * What every route storing an uploaded image needs: the people signed in, a logo of the Lincoln
 * director's, a base apparel item, and the director's account id.
 */
export async function uploadScene() {
  const { ctx, who } = await peopleTestApp();
  const { id: logoId } = await uploadLogo(who.director);
  const { id: apparelId } = await addBaseApparel(ctx);
  const directorId = (await who.director({ url: '/api/account/me' })).json().result.id as number;
  return { ctx, who, logoId, apparelId, directorId };
}

export type UploadScene = Awaited<ReturnType<typeof uploadScene>>;

/** The director's new product from a logo on a base apparel item, sent `file` as its image. */
export const productUpload = (who: People, ids: { logoId: number; apparelId: number }, file: FilePart) =>
  who.director({
    method: 'POST',
    url: '/api/merchandise/create-merchandise-by-organization',
    ...multipart(
      {
        Title: 'Spirit Tee',
        Description: 'Tee',
        Price: '19.99',
        LogoId: ids.logoId,
        BaseApparelId: ids.apparelId,
      },
      file,
    ),
  });

/** An Admin's edit of the Lincoln director's account (`firstName` changed, when given) with `file` as the photo. */
export const photoEdit = (who: People, directorId: number, file: FilePart, firstName = 'Dee') =>
  who.admin({
    method: 'PUT',
    url: `/api/users/with-photo/${directorId}`,
    ...multipart(
      {
        email: 'director@example.com',
        'name.firstName': firstName,
        'name.lastName': 'Director',
        userRoles: 'AthleticDirector',
        organizationId: who.lincoln.id,
      },
      { ...file, field: 'profilePhoto' },
    ),
  });

/** Each route that stores an uploaded image, sent `file` as its image: the director's, or an Admin's photo edit. */
export const imageUploads = ({ who, logoId, apparelId, directorId }: UploadScene) => ({
  logo: (file: FilePart) =>
    who.director({ method: 'POST', url: '/api/design-logos', ...multipart({}, file) }),
  product: (file: FilePart) => productUpload(who, { logoId, apparelId }, file),
  storefront: (file: FilePart) =>
    who.director({ method: 'POST', url: '/api/merchandise/UploadImageToShopify', ...multipart({}, file) }),
  photo: (file: FilePart) => photoEdit(who, directorId, file),
});
