import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { auditLog, users } from '../../../../server/db/schema';
import { profilePhoto } from '../../../../contract/users';
import { createOrganization, createUser, failAuditInserts, signIn, testApp } from '../../helpers';
import { hearChanges } from '../changes/heard';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let dataDir: string;
let adminCookie: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'users-photo-'));
  ctx = await testApp({ dataDir });
  await createUser(ctx.db, { email: 'admin@example.com' });
  adminCookie = await signIn(ctx.app, 'admin@example.com');
});
afterEach(async () => {
  await ctx.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 20, b: 20 } } })
    .png()
    .toBuffer();

/** A multipart body the way the app's form sends it. */
function form(
  fields: Record<string, string | string[]>,
  photo?: { bytes: Buffer; type: string; name: string },
) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  if (photo)
    data.append('profilePhoto', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return data;
}

async function put(id: number, body: FormData, cookie = adminCookie) {
  const request = new Request('http://local/', { method: 'PUT', body });
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/users/with-photo/${id}`,
    headers: { cookie, 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const fields = {
  email: 'target@example.com',
  'name.firstName': 'Tia',
  'name.lastName': 'Target',
  userRoles: ['AthleticDirector'],
};

describe('users: profile photo', () => {
  it('PUT users/with-photo stores the photo and serves it at /api/users/{id}/profilePhoto/{guid}', async () => {
    const org = await createOrganization(ctx.db);
    const target = await createUser(ctx.db, { email: 'target@example.com', roles: ['Admin'] });
    const response = await put(
      target.id,
      form(
        { ...fields, organizationId: String(org.id) },
        { bytes: await png(), type: 'image/png', name: 'me.png' },
      ),
    );
    expect(response.statusCode).toBe(200);
    const user = response.json().result;
    expect(user).toMatchObject({
      userRoles: ['AthleticDirector'],
      organizationId: org.id,
      name: { firstName: 'Tia' },
    });
    expect(user.profilePhotoGuid).toMatch(/^[0-9a-f-]{36}$/);

    const photo = await ctx.app.inject({
      url: `/api/users/${target.id}/profilePhoto/${user.profilePhotoGuid}`,
      headers: { cookie: adminCookie },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'updatePhoto'), eq(auditLog.entityId, String(target.id))));
    expect(entry).toBeDefined();
  });

  it('refuses a save with a photo over a newer version with 409, keeping the old photo and fields', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const saved = await put(target.id, form({ ...fields, userRoles: ['Admin'], version: '1' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().result.version).toBe(2);
    const stale = await put(
      target.id,
      form(
        { ...fields, userRoles: ['Admin'], 'name.firstName': 'Stale', version: '1' },
        { bytes: await png(), type: 'image/png', name: 'me.png' },
      ),
    );
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().result.current).toMatchObject({
      version: 2,
      name: { firstName: 'Tia' },
      profilePhotoGuid: null,
    });
    expect(stale.json().validationFailures[0].propertyName).toBe('');
  });

  it('announces a save with a photo to the change streams as an update of the account', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', roles: ['Admin'] });
    const heard = await hearChanges(ctx.db);
    onTestFinished(() => heard.close());
    const response = await put(
      target.id,
      form({ ...fields, userRoles: ['Admin'] }, { bytes: await png(), type: 'image/png', name: 'me.png' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    await heard.waitFor({ resource: 'users', id: target.id, action: 'updated', version: 2 });
  });

  it('a replaced photo is no longer served under its old guid', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const first = (
      await put(
        target.id,
        form({ ...fields, userRoles: ['Admin'] }, { bytes: await png(), type: 'image/png', name: 'a.png' }),
      )
    ).json().result;
    const second = (
      await put(
        target.id,
        form({ ...fields, userRoles: ['Admin'] }, { bytes: await png(), type: 'image/png', name: 'b.png' }),
      )
    ).json().result;
    expect(second.profilePhotoGuid).not.toBe(first.profilePhotoGuid);
    const old = await ctx.app.inject({
      url: `/api/users/${target.id}/profilePhoto/${first.profilePhotoGuid}`,
      headers: { cookie: adminCookie },
    });
    expect(old.statusCode).toBe(404);
  });

  it('a photo whose audit row cannot be written changes neither the account nor its photo, and keeps no file', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', firstName: 'Old' });
    await failAuditInserts(ctx.db, 'updatePhoto');
    const response = await put(
      target.id,
      form({ ...fields, userRoles: ['Admin'] }, { bytes: await png(), type: 'image/png', name: 'me.png' }),
    );
    expect(response.statusCode).toBe(500);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ firstName: 'Old', profilePhotoGuid: null });
    expect(
      await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(target.id))),
    ).toEqual([]);
    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    expect(files.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });

  it('refuses a file that is not an image, whatever its name and type say, and changes nothing', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com', firstName: 'Old' });
    const response = await put(
      target.id,
      form(
        { ...fields, userRoles: ['Admin'] },
        {
          bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          type: 'image/png',
          name: 'evil.png',
        },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures[0].propertyName).toBe('profilePhoto');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ firstName: 'Old', profilePhotoGuid: null });
  });

  it("takes a photo of several megabytes, and refuses one over 5 MB with the spec's 400", async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const noise = Buffer.alloc(900 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const large = await sharp(noise, { raw: { width: 900, height: 900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    const accepted = await put(
      target.id,
      form({ ...fields, userRoles: ['Admin'] }, { bytes: large, type: 'image/png', name: 'big.png' }),
    );
    expect(accepted.statusCode).toBe(200);

    const tooLarge = await put(
      target.id,
      form(
        { ...fields, userRoles: ['Admin'] },
        { bytes: Buffer.alloc(profilePhoto.maxBytes + 1), type: 'image/png', name: 'huge.png' },
      ),
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().validationFailures).toEqual([
      { propertyName: 'profilePhoto', errorMessage: 'The profile photo must be at most 5 MB' },
    ]);
  });

  it('validates the multipart fields like the JSON update', async () => {
    const target = await createUser(ctx.db, { email: 'target@example.com' });
    const response = await put(
      target.id,
      form({ email: 'target@example.com', 'name.firstName': 'Tia', userRoles: ['Admin'] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toContainEqual({
      propertyName: 'name.lastName',
      errorMessage: 'Last name is required',
    });
  });

  it('lets a user see their own photo but not another user’s', async () => {
    const org = await createOrganization(ctx.db);
    const director = await createUser(ctx.db, {
      email: 'ad@example.com',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const other = await createUser(ctx.db, {
      email: 'other@example.com',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const upload = (id: number, email: string) =>
      png().then((bytes) =>
        put(
          id,
          form(
            { ...fields, email, organizationId: String(org.id) },
            { bytes, type: 'image/png', name: 'p.png' },
          ),
        ),
      );
    const own = (await upload(director.id, director.email)).json().result;
    const theirs = (await upload(other.id, other.email)).json().result;
    const cookie = await signIn(ctx.app, director.email);
    const mine = await ctx.app.inject({
      url: `/api/users/${director.id}/profilePhoto/${own.profilePhotoGuid}`,
      headers: { cookie },
    });
    expect(mine.statusCode).toBe(200);
    const notMine = await ctx.app.inject({
      url: `/api/users/${other.id}/profilePhoto/${theirs.profilePhotoGuid}`,
      headers: { cookie },
    });
    expect(notMine.statusCode).toBe(403);
  });

  it('answers an Admin asking for the photo of a user id past the integer column with a 400', async () => {
    const response = await ctx.app.inject({
      url: '/api/users/2147483648/profilePhoto/00000000-0000-1000-8000-000000000000',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures[0].propertyName).toBe('userId');
  });
});
