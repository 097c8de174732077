import { connectionErrorCodes } from '../connection-errors';
import type { BlobStore } from './types';

export const fileStoreUnavailableMessage =
  'The file store is not reachable right now. Try again in a moment.';

/** The blob store (the S3 bucket's server, or the disk) could not be reached. */
export class FileStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(fileStoreUnavailableMessage, { cause });
  }
}

function isOutage(error: unknown) {
  const { code, name, $metadata } = error as {
    code?: string;
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  if (code && connectionErrorCodes.has(code)) return true;
  if (name === 'TimeoutError') return true;
  return ($metadata?.httpStatusCode ?? 0) >= 500;
}

function translated<T>(operation: Promise<T>): Promise<T> {
  return operation.catch((error: unknown) => {
    throw isOutage(error) ? new FileStoreUnavailable(error) : error;
  });
}

const operations = new Set<PropertyKey>([
  'put',
  'get',
  'delete',
  'exists',
  'readOwnerMarker',
  'writeOwnerMarker',
]);

/**
 * A connection error from the file store carries the same codes as one from the database
 * (ECONNREFUSED...), which the error handler would answer as a database outage: the store's
 * own outages are labelled here, so the answer says what is down. A proxy, so the store is
 * still the class it was (tests and callers may ask).
 */
export function labelOutages<T extends BlobStore>(store: T): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (!operations.has(property) || typeof value !== 'function') return value;
      return (...args: unknown[]) => translated(value.apply(target, args));
    },
  });
}
