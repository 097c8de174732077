import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { abandonedUploadIdleMs } from '../../server/storage/local';
import { workerDatabaseUrl } from '../server/helpers';
import { admin, Client, type ServerProcess, startServer } from './servers';

let server: ServerProcess | undefined;
let dataDir: string | undefined;
let sql: pg.Client | undefined;
afterAll(async () => {
  await sql?.end();
  await server?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function filesUnder(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

describe('a server killed during a 20 MB upload', () => {
  it('leaves no row and no orphan file once restarted', async () => {
    const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `killed_upload_${Date.now()}`);
    dataDir = await mkdtemp(path.join(tmpdir(), 'spirit-killed-upload-'));
    server = await startServer(databaseUrl, { DATA_DIR: dataDir });
    sql = new pg.Client({ connectionString: databaseUrl });
    await sql.connect();
    const { rows } = await sql.query<{ id: number }>(
      `insert into organizations (name) values ('Lincoln') returning id`,
    );
    const client = new Client();
    await client.signIn(server, admin.email, admin.password);

    const boundary = 'killed-upload-boundary';
    const url = new URL(`${server.url}/api/design-logos?OrganizationId=${rows[0].id}`);
    const upload = request(url, {
      method: 'POST',
      headers: { cookie: client.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    upload.on('error', () => {});
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="ImageFile"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // A real PNG signature and header, then a 20 MB chunk that never finishes arriving.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
    upload.write(png);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(20 * 1024 * 1024);
    upload.write(Buffer.concat([length, Buffer.from('IDAT')]));
    for (let i = 0; i < 8; i++) upload.write(Buffer.alloc(256 * 1024));
    const logoFiles = path.join(dataDir, 'files', 'design-logos');
    await expect.poll(() => filesUnder(logoFiles), { timeout: 20_000, interval: 50 }).not.toEqual([]);

    server.kill('SIGKILL');
    await server.exited;
    upload.destroy();
    // Only files left unwritten for a while are removed: another process may share the directory.
    await new Promise((resolve) => setTimeout(resolve, abandonedUploadIdleMs));
    server = await startServer(databaseUrl, { DATA_DIR: dataDir });

    expect((await sql.query('select id from design_logos')).rows).toEqual([]);
    await expect.poll(() => filesUnder(logoFiles), { timeout: 10_000, interval: 100 }).toEqual([]);
  }, 120_000);
});
