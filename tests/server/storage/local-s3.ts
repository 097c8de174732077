import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';
import type { S3Settings } from '../../../server/config';

/**
 * A local S3-compatible server (s3rver) on a free port for the calling test file, started before
 * its tests and removed after them. Answers the settings with no bucket: each test makes its own.
 */
export function startLocalS3(directoryPrefix: string): () => S3Settings {
  let server: S3rver | undefined;
  let directory = '';
  let settings: S3Settings | undefined;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(tmpdir(), directoryPrefix));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
    const address = (await server.run()) as AddressInfo;
    settings = {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket: '',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    };
  });
  afterAll(async () => {
    await server?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });
  return () => {
    if (!settings) throw new Error('s3rver has not started');
    return settings;
  };
}
