import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createBlobStore } from '../../../server/storage';
import type { S3Settings } from '../../../server/config';
import { S3BlobStore } from '../../../server/storage/s3';
import { createOrganization, createUser, signIn, testApp } from '../helpers';
import { multipart } from '../modules/design-logos/fixtures';
import { blobStoreContract } from './contract';
import { startLocalS3 } from './local-s3';

const s3rver = startLocalS3('spirit-s3-');
let settings: S3Settings;
let bucketCount = 0;

const client = () =>
  new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });

async function objectsInBucket() {
  const listed = await client().send(new ListObjectsV2Command({ Bucket: settings.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key);
}

beforeEach(async () => {
  settings = { ...s3rver(), bucket: `spirit-${++bucketCount}` };
  await fetch(`${settings.endpoint}/${settings.bucket}`, { method: 'PUT' });
});

describe('S3 blob store', () => {
  it('is chosen when S3_ENDPOINT, S3_BUCKET and the keys are set, and refused half set', async () => {
    const env = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'spirit',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(await createBlobStore(loadConfig(env))).toBeInstanceOf(S3BlobStore);
    expect(await createBlobStore(loadConfig({}))).not.toBeInstanceOf(S3BlobStore);
    expect(() => loadConfig({ S3_BUCKET: 'spirit' })).toThrow(/S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID/);
  });

  blobStoreContract(() => ({ store: new S3BlobStore(settings), kept: objectsInBucket }));

  it('round-trips a design logo through the API, and a missing object gives 404', async () => {
    const { app, db } = await testApp({ s3: settings });
    try {
      const org = await createOrganization(db);
      await createUser(db, {
        email: 'director@example.com',
        roles: ['AthleticDirector'],
        organizationId: org.id,
      });
      const cookie = await signIn(app, 'director@example.com');
      const png = await sharp({
        create: { width: 16, height: 16, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 1 } },
      })
        .png()
        .toBuffer();
      const form = multipart({}, { name: 'crest.png', type: 'image/png', content: png });
      const upload = await app.inject({
        method: 'POST',
        url: '/api/design-logos',
        payload: form.payload,
        headers: { ...form.headers, cookie },
      });
      expect(upload.statusCode).toBe(200);
      const { fileUrl } = upload.json().result as { fileUrl: string };
      const keys = (await objectsInBucket()).filter((key) => key?.startsWith('design-logos/'));
      expect(keys).toHaveLength(1);
      const file = await app.inject({ url: fileUrl, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(png)).toBe(true);

      await new S3BlobStore(settings).delete(keys[0]!);
      expect((await app.inject({ url: fileUrl, headers: { cookie } })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
