import { Transform } from 'node:stream';
import { BlobTooLargeError } from './types';

/** Passes bytes through, counting them, and fails the stream past `maxBytes`. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new BlobTooLargeError(this.maxBytes));
      return;
    }
    done(null, chunk);
  }
}
