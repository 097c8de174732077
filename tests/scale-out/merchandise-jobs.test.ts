import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { workerDatabaseUrl } from '../server/helpers';
import { admin, Client, type ServerProcess, startServer } from './servers';

let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
let s3: S3rver;
let s3Dir: string;
let s3Env: Record<string, string>;
const bucket = 'spirit-scale-out';

/** Two servers on one PostgreSQL and one S3-compatible bucket, both running the job worker. */
beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'spirit-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port } = (await s3.run()) as AddressInfo;
  s3Env = {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  await fetch(`${s3Env.S3_ENDPOINT}/${bucket}`, { method: 'PUT' });
  const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `merchandise_jobs_${Date.now()}`);
  [a, b] = await Promise.all([startServer(databaseUrl, s3Env), startServer(databaseUrl, s3Env)]);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  if (s3Dir) await rm(s3Dir, { recursive: true, force: true });
});

async function objectKeys(prefix: string) {
  const client = new S3Client({
    endpoint: s3Env.S3_ENDPOINT,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key);
}

/** A logo this wide prints at 170 DPI at the one-click size on the seeded garments (150 is the least). */
const logoSide = 1280;
const png = (r: number, side = 64) =>
  sharp({ create: { width: side, height: side, channels: 4, background: { r, g: 40, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

async function postForm(client: Client, server: ServerProcess, url: string, form: FormData) {
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: server.url },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

describe('background jobs with two server processes', () => {
  it('processes each merchandise job exactly once, whichever server took the upload', async () => {
    const { rows } = await sql.query<{ id: number }>(
      `insert into organizations (name) values ('Lincoln High School') returning id`,
    );
    const organizationId = rows[0].id;
    const client = new Client();
    await client.signIn(a, admin.email, admin.password);

    const logoForm = new FormData();
    logoForm.append(
      'ImageFile',
      new Blob([new Uint8Array(await png(200, logoSide))], { type: 'image/png' }),
      'crest.png',
    );
    const logo = await postForm(client, a, `/api/design-logos?OrganizationId=${organizationId}`, logoForm);
    expect(logo.status).toBe(200);

    const apparel = await client.call(
      b,
      'GET',
      `/api/merchandise/base-apparel?organizationId=${organizationId}`,
    );
    expect(apparel.status).toBe(200);
    const apparelIds = (apparel.body.result.products as { id: number }[]).map((p) => p.id).slice(0, 10);
    expect(apparelIds.length).toBeGreaterThanOrEqual(4);

    const created = await Promise.all(
      apparelIds.map(async (baseApparelId, i) => {
        const form = new FormData();
        form.append('Title', `Spirit tee ${i}`);
        form.append('Description', 'Scale-out test');
        // At least every catalogue item's base price.
        form.append('Price', '99.99');
        form.append('LogoId', String(logo.body.result.id));
        form.append('BaseApparelId', String(baseApparelId));
        form.append('OrganizationId', String(organizationId));
        form.append(
          'ImageFile',
          new Blob([new Uint8Array(await png(i * 20))], { type: 'image/png' }),
          'composed.png',
        );
        return postForm(client, i % 2 ? b : a, '/api/merchandise/create-merchandise-by-organization', form);
      }),
    );
    expect(created.map((r) => r.status)).toEqual(apparelIds.map(() => 200));

    const statuses = async () =>
      (await sql.query<{ status: string }>('select status from merchandise order by id')).rows.map(
        (r) => r.status,
      );
    // Ten renders (print files of 3600 x 5400 px among them) on two shared cores: bounded by the
    // test's own time, well inside the job's five-minute limit.
    await expect.poll(statuses, { timeout: 180_000, interval: 250 }).toEqual(apparelIds.map(() => 'ready'));

    const jobs = await sql.query<{ status: string; attempts: number }>(
      `select status, attempts from jobs where type = 'merchandise.process'`,
    );
    expect(jobs.rows).toEqual(apparelIds.map(() => ({ status: 'done', attempts: 1 })));
    // Processing twice would have written a second image and thumbnail for some product.
    expect(await objectKeys('merchandise-images/')).toHaveLength(apparelIds.length);
    expect(await objectKeys('merchandise-thumbnails/')).toHaveLength(apparelIds.length);
    // Each product's print file and the preflight beside it for the print shop.
    expect(await objectKeys('merchandise-prints/')).toHaveLength(apparelIds.length * 2);
    expect(await objectKeys('merchandise-sources/')).toEqual([]);
  }, 240_000);
});
