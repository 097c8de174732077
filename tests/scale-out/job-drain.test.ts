import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { workerDatabaseUrl } from '../server/helpers';
import { admin, Client, type ServerProcess, startServer } from './servers';
import { isRunning } from '../faults/processes';

/**
 * A stand-in for Shopify's Admin API that holds each product creation until the test lets
 * it go: a merchandise job is then provably running, for as long as the test wants.
 */
class HeldShop {
  private readonly held: ServerResponse[] = [];
  private readonly server: Server = createServer((request, response) => void this.handle(request, response));
  received = 0;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  release() {
    for (const response of this.held.splice(0)) {
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ product: { id: 9_001 } }));
    }
  }

  stop() {
    this.release();
    return new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    await buffer(request);
    if (!request.url?.endsWith('/products.json')) {
      response.writeHead(404).end('{}');
      return;
    }
    this.received += 1;
    this.held.push(response);
  }
}

let server: ServerProcess | undefined;
let sql: pg.Client | undefined;
const shop = new HeldShop();
afterAll(async () => {
  await sql?.end();
  await server?.stop();
  await shop.stop();
});

/** The grace period of server/main.ts: a stop must never take longer. */
const graceMs = 30_000;

/** The processes whose parent is `pid` (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** Seconds of CPU a process has used so far (Linux). */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A logo this wide prints at 170 DPI at the one-click size on the seeded garments (150 is the least). */
const logoSide = 1280;
const png = (side = 64) =>
  sharp({
    create: { width: side, height: side, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } },
  })
    .png()
    .toBuffer();

async function postForm(client: Client, url: string, form: FormData, to = server!) {
  const response = await fetch(`${to.url}${url}`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: to.url },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** What a new request gets: an answer's status, or null when the connection is refused. */
const newRequestStatus = () =>
  fetch(`${server!.url}/healthz`, { headers: { connection: 'close' } }).then(
    (response) => response.status,
    () => null,
  );

describe('SIGTERM while a job is running', () => {
  it('takes no new requests, finishes the job and commits its result, then exits 0', async () => {
    const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `job_drain_${Date.now()}`);
    server = await startServer(databaseUrl, {
      SHOPIFY_SHOP_URL: await shop.start(),
      SHOPIFY_ACCESS_TOKEN: 'shpat_test',
    });
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    // Products here go on sale as they did before review (migration 0033 publishes those), so
    // the render job itself publishes: the job this test holds at the shop.
    await sql.query(`alter table merchandise alter column review_state set default 'published'`);
    const { rows } = await sql.query<{ id: number }>(
      `insert into organizations (name) values ('Lincoln High School') returning id`,
    );
    const organizationId = rows[0].id;
    const client = new Client();
    await client.signIn(server, admin.email, admin.password);

    const logoForm = new FormData();
    logoForm.append(
      'ImageFile',
      new Blob([new Uint8Array(await png(logoSide))], { type: 'image/png' }),
      'crest.png',
    );
    const logo = await postForm(client, `/api/design-logos?OrganizationId=${organizationId}`, logoForm);
    expect(logo.status).toBe(200);
    const apparel = await client.call(
      server,
      'GET',
      `/api/merchandise/base-apparel?organizationId=${organizationId}`,
    );
    const form = new FormData();
    form.append('Title', 'Spirit Tee');
    form.append('Description', 'Drained, not dropped');
    form.append('Price', '19.99');
    form.append('LogoId', String(logo.body.result.id));
    form.append('BaseApparelId', String(apparel.body.result.products[0].id));
    form.append('OrganizationId', String(organizationId));
    form.append('ImageFile', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'composed.png');
    const created = await postForm(client, '/api/merchandise/create-merchandise-by-organization', form);
    expect(created.status).toBe(200);
    const productId = created.body.result.id as number;

    // The job is now publishing the product, held at the shop.
    await expect.poll(() => shop.received, { timeout: 30_000, interval: 50 }).toBe(1);
    const job = async () =>
      (
        await sql!.query<{ status: string; attempts: number }>(
          `select status, attempts from jobs where type = 'merchandise.process'`,
        )
      ).rows;
    expect(await job()).toEqual([{ status: 'running', attempts: 1 }]);

    server.kill('SIGTERM');
    // Draining: new requests are turned away (503, or refused once the port is closed)...
    await expect.poll(newRequestStatus, { timeout: 10_000, interval: 50 }).not.toBe(200);
    expect([503, null]).toContain(await newRequestStatus());
    // ...while the process stays up for its job.
    expect(server.child.exitCode).toBeNull();
    const [product] = (
      await sql.query<{ status: string }>('select status from merchandise where id = $1', [productId])
    ).rows;
    expect(product.status).toBe('processing');

    shop.release();
    expect(await server.exited, server.output()).toBe(0);
    // Only this process ever worked on the job: what it committed before exiting is all there is.
    expect(await job()).toEqual([{ status: 'done', attempts: 1 }]);
    const finished = await sql.query<{ status: string; external_id: string; image_key: string | null }>(
      'select status, external_id, image_key from merchandise where id = $1',
      [productId],
    );
    expect(finished.rows).toEqual([{ status: 'ready', external_id: '9001', image_key: expect.any(String) }]);
  }, 120_000);
});

describe('SIGTERM while a logo is being drawn', () => {
  let drawing: ServerProcess | undefined;
  let db: pg.Client | undefined;
  afterAll(async () => {
    await db?.end();
    await drawing?.stop();
  });

  it('kills the render and exits within the grace period, the job left to run again', async () => {
    const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `render_drain_${Date.now()}`);
    drawing = await startServer(databaseUrl);
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: number }>(
      `insert into organizations (name) values ('Lincoln High School') returning id`,
    );
    const organizationId = rows[0].id;
    const client = new Client();
    await client.signIn(drawing, admin.email, admin.password);

    const logoForm = new FormData();
    const crest =
      '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640"/></svg>';
    logoForm.append('ImageFile', new Blob([crest], { type: 'image/svg+xml' }), 'crest.svg');
    const logo = await postForm(
      client,
      `/api/design-logos?OrganizationId=${organizationId}`,
      logoForm,
      drawing,
    );
    expect(logo.status).toBe(200);
    // A logo stored before uploads were judged by their drawing cost: it draws for minutes.
    const [{ storage_key: key }] = (
      await db.query<{ storage_key: string }>('select storage_key from design_logos where id = $1', [
        logo.body.result.id,
      ])
    ).rows;
    writeFileSync(
      path.join(drawing.dataDir, 'files', ...key.split('/')),
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><text x="0" y="320" textLength="640" lengthAdjust="spacingAndGlyphs">${'W'.repeat(300_000)}</text></svg>`,
    );
    const apparel = await client.call(
      drawing,
      'GET',
      `/api/merchandise/base-apparel?organizationId=${organizationId}`,
    );
    const form = new FormData();
    form.append('Title', 'Spirit Tee');
    form.append('Description', 'Drawn for minutes');
    form.append('Price', '19.99');
    form.append('LogoId', String(logo.body.result.id));
    form.append('BaseApparelId', String(apparel.body.result.products[0].id));
    form.append('OrganizationId', String(organizationId));
    form.append('ImageFile', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'composed.png');
    const created = await postForm(
      client,
      '/api/merchandise/create-merchandise-by-organization',
      form,
      drawing,
    );
    expect(created.status).toBe(200);

    // The job is drawing the logo: a child of the server is burning CPU.
    const serverPid = drawing.child.pid!;
    let renderer = 0;
    await expect
      .poll(
        () => {
          const busy = childrenOf(serverPid).find((pid) => cpuSeconds(pid) > 1);
          renderer = busy ?? 0;
          return renderer;
        },
        { timeout: 60_000, interval: 200 },
      )
      .not.toBe(0);

    const started = Date.now();
    drawing.kill('SIGTERM');
    expect(await drawing.exited, drawing.output()).toBe(0);
    expect(Date.now() - started).toBeLessThan(graceMs);
    await expect.poll(() => isRunning(renderer), { timeout: 5_000 }).toBe(false);
    // Interrupted, not failed: another server (or this one, restarted) draws it again.
    const job = await db.query<{ status: string }>(
      `select status from jobs where type = 'merchandise.process'`,
    );
    expect(job.rows).toEqual([{ status: 'queued' }]);
  }, 180_000);
});
