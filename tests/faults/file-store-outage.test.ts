import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { databaseUnavailableMessage } from '../../server/http/error-handler';
import { fileStoreUnavailableMessage } from '../../server/storage/unavailable';
import { freePort } from '../scale-out/servers';
import { testDatabase } from '../server/helpers';

let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  // Nothing listens there: the bucket's server is down.
  const endpoint = `http://127.0.0.1:${await freePort()}`;
  const config = testConfig({
    s3: {
      endpoint,
      bucket: 'spirit',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    },
  });
  app = await buildApp(config, { database: await testDatabase() });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('the file store going away while the database is fine', () => {
  it('answers 503 saying the file store is down, not the database', async () => {
    const response = await app.inject({ url: `/api/merchandise/media/merchandise-images/${randomUUID()}` });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ result: null, message: fileStoreUnavailableMessage });
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('is reported by /readyz', async () => {
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ result: null, message: fileStoreUnavailableMessage });
    expect(response.json().message).not.toBe(databaseUnavailableMessage);
  });
});
