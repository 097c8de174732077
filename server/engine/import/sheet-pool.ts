import type { Piscina } from 'piscina';
import { oneThreadPool } from '../../worker-pool';
import { importFileField, importLimits } from '../../../contract/import';
import { badRequest, HttpError, ServerBusy } from '../../errors';
import { type Sheet, tooLarge } from './parse';
import type { ReadSheet } from './sheet-worker';

/**
 * Spreadsheets are read in a worker thread with a heap and a time of its own: a workbook is a
 * zip, and what it inflates to (459 MB from 572 KB) once took the whole server down with it. A
 * file that outgrows the heap or the time ends only its thread; the main thread, and every other
 * user's requests, never parse a cell. One thread reads one file at a time, a few wait, and past
 * that the import is told to come back (503) rather than queue without bound.
 */
let sheetPool: Piscina | undefined;

/** A 50,000-row XLSX reads in about 10 s on an idle core of this machine; a busy one gets room. */
const sheetTaskTimeoutMs = 60_000;
/** Ten times the heap a 50,000-row sheet needs, and a small part of the machine's memory. */
const sheetHeapMb = 512;
const maxSheetQueue = 4;

function pool() {
  sheetPool ??= oneThreadPool(import.meta.url, 'sheet-worker', {
    maxQueue: maxSheetQueue,
    resourceLimits: { maxOldGenerationSizeMb: sheetHeapMb },
  });
  return sheetPool;
}

const errorCode = (error: unknown) => (error as { code?: string } | undefined)?.code;

/** `readSheetFile` off the main thread, bounded in memory and time. */
export async function readSheet(file: Buffer, timeoutMs = sheetTaskTimeoutMs): Promise<Sheet> {
  if (file.length > importLimits.maxBytes) throw tooLarge();
  let result: ReadSheet;
  try {
    result = (await pool().run(file, { signal: AbortSignal.timeout(timeoutMs) })) as ReadSheet;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') {
      throw badRequest(
        importFileField,
        `The file took longer than ${timeoutMs / 1000} s to read; split it into smaller files`,
      );
    }
    if (
      errorCode(error) === 'ERR_WORKER_OUT_OF_MEMORY' ||
      errorCode((error as Error)?.cause) === 'ERR_WORKER_OUT_OF_MEMORY'
    ) {
      throw badRequest(
        importFileField,
        'The file needs more memory to read than an import may use; split it into smaller files',
      );
    }
    if (error instanceof Error && /queue is at limit/i.test(error.message)) {
      throw new ServerBusy('The server is reading other spreadsheets; try again in a moment');
    }
    throw error;
  }
  if ('rejected' in result) throw new HttpError(400, result.rejected[0].errorMessage, result.rejected);
  return result.sheet;
}

/** Lets the worker thread go, so a closing server process can exit. */
export async function closeSheetWorker() {
  const current = sheetPool;
  sheetPool = undefined;
  await current?.destroy();
}
