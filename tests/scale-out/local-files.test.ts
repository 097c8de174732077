import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sharedDiskWarning } from '../../server/ops/servers';
import { workerDatabaseUrl } from '../server/helpers';
import { Client, type ServerProcess, startServer } from './servers';

let a: ServerProcess | undefined;
let b: ServerProcess | undefined;
let sql: pg.Client | undefined;
const aDir = mkdtempSync(path.join(tmpdir(), 'spirit-local-a-'));

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  rmSync(aDir, { recursive: true, force: true });
});

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

describe('two servers on one PostgreSQL, each with files on its own disk', () => {
  it('warns at start, and runs a job only on the server whose disk holds its files', async () => {
    const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `local_files_${Date.now()}`);
    // b runs jobs; a (started second, so the catalogue images are drawn on its disk) takes the
    // uploads without running jobs, so only b, which lacks their files, could take them.
    b = await startServer(databaseUrl);
    a = await startServer(databaseUrl, { DATA_DIR: aDir, JOB_WORKER: 'false' });
    await expect.poll(() => a!.output(), { timeout: 10_000 }).toContain(sharedDiskWarning);

    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const { rows } = await sql.query<{ id: number }>(
      `insert into organizations (name) values ('Lincoln High School') returning id`,
    );
    const organizationId = rows[0].id;
    const client = new Client();
    await client.signIn(a);
    const logoForm = new FormData();
    logoForm.append(
      'ImageFile',
      new Blob([new Uint8Array(await png(200, logoSide))], { type: 'image/png' }),
      'crest.png',
    );
    const logo = await postForm(client, a, `/api/design-logos?OrganizationId=${organizationId}`, logoForm);
    expect(logo.status).toBe(200);
    const apparel = await client.call(
      a,
      'GET',
      `/api/merchandise/base-apparel?organizationId=${organizationId}`,
    );
    const apparelIds = (apparel.body.result.products as { id: number }[]).map((p) => p.id).slice(0, 4);

    for (const [i, baseApparelId] of apparelIds.entries()) {
      const form = new FormData();
      form.append('Title', `Spirit tee ${i}`);
      form.append('Description', 'Local files');
      form.append('Price', '99.99');
      form.append('LogoId', String(logo.body.result.id));
      form.append('BaseApparelId', String(baseApparelId));
      form.append('OrganizationId', String(organizationId));
      form.append(
        'ImageFile',
        new Blob([new Uint8Array(await png(i * 20))], { type: 'image/png' }),
        'composed.png',
      );
      const created = await postForm(client, a, '/api/merchandise/create-merchandise-by-organization', form);
      expect(created.status).toBe(200);
    }

    // a comes back with its worker on the same disk, hence the same server id.
    await a.stop();
    a = await startServer(databaseUrl, { DATA_DIR: aDir });
    await expect.poll(() => a!.output(), { timeout: 10_000 }).toContain(sharedDiskWarning);
    const statuses = async () =>
      (await sql!.query<{ status: string }>('select status from merchandise order by id')).rows.map(
        (r) => r.status,
      );
    await expect.poll(statuses, { timeout: 60_000, interval: 250 }).toEqual(apparelIds.map(() => 'ready'));
    const jobs = await sql.query<{ attempts: number; last_error: string | null }>(
      `select attempts, last_error from jobs where type = 'merchandise.process'`,
    );
    expect(jobs.rows).toEqual(apparelIds.map(() => ({ attempts: 1, last_error: null })));
  }, 180_000);
});
