import type { ValidationFailure } from '../../../contract/common';
import { HttpError } from '../../errors';
import { readSheetFile, type Sheet } from './parse';

export type ReadSheet = { sheet: Sheet } | { rejected: ValidationFailure[] };

/** Runs in a worker thread: a refusal travels back as data, since error classes do not cross. */
export default async function readSheetInWorker(file: Uint8Array): Promise<ReadSheet> {
  try {
    return { sheet: await readSheetFile(Buffer.from(file.buffer, file.byteOffset, file.byteLength)) };
  } catch (error) {
    if (error instanceof HttpError && error.validationFailures) return { rejected: error.validationFailures };
    throw error;
  }
}
