import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { workerDatabaseUrl } from '../server/helpers';
import { admin, Client, type ServerProcess, startServer } from './servers';

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

/** A logo this wide prints at 85 DPI at the one-click size on the seeded garments. */
const logoSide = 640;
const png = (side = 64) =>
  sharp({
    create: { width: side, height: side, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 1 } },
  })
    .png()
    .toBuffer();

async function postForm(client: Client, url: string, form: FormData) {
  const response = await fetch(`${server!.url}${url}`, {
    method: 'POST',
    headers: { cookie: client.cookie, origin: server!.url },
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
    expect(await server.exited).toBe(0);
    // Only this process ever worked on the job: what it committed before exiting is all there is.
    expect(await job()).toEqual([{ status: 'done', attempts: 1 }]);
    const finished = await sql.query<{ status: string; external_id: string; image_key: string | null }>(
      'select status, external_id, image_key from merchandise where id = $1',
      [productId],
    );
    expect(finished.rows).toEqual([{ status: 'ready', external_id: '9001', image_key: expect.any(String) }]);
  }, 120_000);
});
