import { eq, sum } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { designLogos, users } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { organizationStorageFull, storageUsed } from '../../server/storage/quota';
import {
  addBaseApparel,
  type Ctx,
  closeUploadTestApp,
  multipart,
  people,
  photoEdit,
  pngImage,
  productUpload,
  storedFiles,
  uploadTestApp,
} from '../server/modules/design-logos/fixtures';
import { pngOfSize } from '../faults/png';

/**
 * Every file an organization stores (logos, product images, storefront uploads, its people's
 * photos) counts against one quota; here 1000 bytes, so 400-byte images fill it quickly.
 */
const quota = 1000;
const organizationFull =
  "This organization's storage is full (1000 bytes); delete logos you no longer use, or contact support";
const sharedFull =
  'The storage for files outside any organization is full (1000 bytes); storefront uploads are removed a day after they are made, try again then';

let ctx: Ctx;
let who: Awaited<ReturnType<typeof people>>;
beforeEach(async () => {
  ctx = await uploadTestApp({ storageQuotaBytes: quota });
  who = await people(ctx);
});
afterEach(() => closeUploadTestApp(ctx));

const png = (bytes: number) => ({ name: 'crest.png', type: 'image/png', content: pngOfSize(bytes) });

const logoUpload = (as: typeof who.director, bytes: number, query = '') =>
  as({ method: 'POST', url: `/api/design-logos${query}`, ...multipart({}, png(bytes)) });

const storefrontUpload = (as: typeof who.director, bytes: number, query = '') =>
  as({ method: 'POST', url: `/api/merchandise/UploadImageToShopify${query}`, ...multipart({}, png(bytes)) });

function expectFull(response: Awaited<ReturnType<typeof logoUpload>>, field: string, message: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    result: null,
    validationFailures: [{ propertyName: field, errorMessage: message }],
  });
}

describe('per-organization storage quota', () => {
  it('is 1 GB unless STORAGE_QUOTA_MB says otherwise', () => {
    expect(loadConfig({}).storageQuotaBytes).toBe(1024 * 1024 * 1024);
    expect(organizationStorageFull(loadConfig({}).storageQuotaBytes)).toBe(
      "This organization's storage is full (1 GB); delete logos you no longer use, or contact support",
    );
    expect(loadConfig({ STORAGE_QUOTA_MB: '500' }).storageQuotaBytes).toBe(500 * 1024 * 1024);
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '0' })).toThrow(/STORAGE_QUOTA_MB/);
  });

  it('refuses a logo that would take the organization past its quota, and takes one again once room is made', async () => {
    const first = await logoUpload(who.director, 400);
    expect((await logoUpload(who.director, 400)).statusCode).toBe(200);

    expectFull(await logoUpload(who.director, 400), 'ImageFile', organizationFull);
    expect(await storedFiles(ctx, 'design-logos')).toHaveLength(2);
    expect(await storageUsed(ctx.db, who.lincoln.id)).toBe(800);
    // Another organization's storage is its own.
    expect((await logoUpload(who.otherDirector, 400)).statusCode).toBe(200);

    // A logo in the trash still holds its file; deleting it forever makes the room.
    const id = first.json().result.id;
    await who.director({ method: 'DELETE', url: `/api/design-logos/${id}` });
    expectFull(await logoUpload(who.director, 400), 'ImageFile', organizationFull);
    await who.director({ method: 'POST', url: '/api/design-logos/purge-many', payload: { ids: [id] } });
    expect((await logoUpload(who.director, 400)).statusCode).toBe(200);
  });

  it('counts storefront uploads, product images and profile photos against the same quota', async () => {
    const logo = await logoUpload(who.director, 400);
    expect((await storefrontUpload(who.director, 400)).statusCode).toBe(200);
    const apparel = await addBaseApparel(ctx);
    const product = (bytes: number) =>
      productUpload(who, { logoId: logo.json().result.id, apparelId: apparel.id }, png(bytes));
    expectFull(await product(400), 'ImageFile', organizationFull);
    expect((await product(190)).statusCode).toBe(200);
    expect(await storageUsed(ctx.db, who.lincoln.id)).toBe(990);

    const [director] = await ctx.db.select().from(users).where(eq(users.email, 'director@example.com'));
    const photo = await photoEdit(
      who,
      director.id,
      { name: 'me.png', type: 'image/png', content: await pngImage(600, 600) },
      'Renamed',
    );
    expectFull(photo, 'profilePhoto', organizationFull);
    expect(await storedFiles(ctx, 'profile-photos')).toEqual([]);
    // The refused photo takes the form's other fields with it: the account is as it was.
    const [after] = await ctx.db.select().from(users).where(eq(users.id, director.id));
    expect(after).toEqual(director);
  });

  it("counts an Admin's uploads without an organization against one shared quota of the same size", async () => {
    expect((await storefrontUpload(who.admin, 400)).statusCode).toBe(200);
    expect((await storefrontUpload(who.admin, 400)).statusCode).toBe(200);
    expectFull(await storefrontUpload(who.admin, 400), 'ImageFile', sharedFull);
    expect(await storageUsed(ctx.db, null)).toBe(800);

    // Naming an organization counts the upload against that one's storage.
    expect((await storefrontUpload(who.admin, 400, `?OrganizationId=${who.lincoln.id}`)).statusCode).toBe(
      200,
    );
    expect(await storageUsed(ctx.db, who.lincoln.id)).toBe(400);
    // A director's upload is always their own organization's.
    const elsewhere = await storefrontUpload(who.director, 400, `?OrganizationId=${who.riverside.id}`);
    expect(elsewhere.statusCode).toBe(403);
  });

  it("refuses a full organization's upload before reading its file", async () => {
    expect((await logoUpload(who.director, 1000)).statusCode).toBe(200);
    const notAnImage = { name: 'crest.png', type: 'image/png', content: 'not a png at all' };
    for (const url of ['/api/design-logos', '/api/merchandise/UploadImageToShopify']) {
      const refused = await who.director({ method: 'POST', url, ...multipart({}, notAnImage) });
      expectFull(refused, 'ImageFile', organizationFull);
    }
  });

  it('lets concurrent uploads take an organization to its quota and no further', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => logoUpload(who.director, 400)));

    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expectFull(refused, 'ImageFile', organizationFull);
    }
    const [stored] = await ctx.db
      .select({ bytes: sum(designLogos.byteSize) })
      .from(designLogos)
      .where(eq(designLogos.organizationId, who.lincoln.id));
    expect(Number(stored.bytes)).toBe(800);
    expect(await storedFiles(ctx, 'design-logos')).toHaveLength(2);
  });
});
