import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Settings } from '../config';
import { ByteCounter } from './counting';
import {
  assertValidPrefix,
  type BlobStore,
  type BlobStream,
  isValidKey,
  type ListedBlob,
  type PutOptions,
  type StoredBlob,
} from './types';

/** The owner marker's key: outside every prefix, so never listed or swept. */
const ownerMarkerKey = 'spirit-portal-file-store-owner.json';

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * Blobs in an S3-compatible bucket, shared by every server process. Uploads stream through
 * a multipart upload, so a 20 MB logo is never held in memory whole, and one that fails or
 * runs over `maxBytes` is aborted: nothing is left in the bucket.
 */
export class S3BlobStore implements BlobStore {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    });
  }

  async put(body: Readable | Buffer, options: PutOptions): Promise<StoredBlob> {
    assertValidPrefix(options.prefix);
    const key = `${options.prefix}/${randomUUID()}`;
    const counter = new ByteCounter(options.maxBytes);
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    source.on('error', (error) => counter.destroy(error));
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.settings.bucket,
        Key: key,
        Body: source.pipe(counter),
        ContentType: options.contentType,
      },
      leavePartsOnError: false,
    });
    // The counter refusing an oversized body must stop the upload, not just the stream.
    const refused = new Promise<never>((_resolve, reject) => counter.once('error', reject));
    try {
      await Promise.race([upload.done(), refused]);
    } catch (error) {
      await upload.abort().catch(() => {});
      await this.delete(key).catch(() => {});
      throw error;
    }
    return { key, contentType: options.contentType, size: counter.bytes };
  }

  async get(key: string): Promise<BlobStream | null> {
    if (!isValidKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return {
        body: object.Body as Readable,
        contentType: object.ContentType ?? 'application/octet-stream',
        size: object.ContentLength ?? 0,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    if (!isValidKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async exists(key: string) {
    if (!isValidKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async readOwnerMarker() {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: ownerMarkerKey }),
      );
      return (await object.Body?.transformToString()) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async writeOwnerMarker(content: string) {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: ownerMarkerKey,
        Body: content,
        ContentType: 'application/json',
      }),
    );
  }

  async *list(prefix: string): AsyncIterable<ListedBlob> {
    assertValidPrefix(prefix);
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${prefix}/`, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && isValidKey(object.Key)) {
          yield { key: object.Key, storedAt: object.LastModified };
        }
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
}
