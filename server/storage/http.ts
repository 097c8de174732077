import type { FastifyReply } from 'fastify';
import type { BlobStream } from './types';

/**
 * Policy for stored files served to browsers: nothing in them may run (an SVG's scripts,
 * an HTML file uploaded as an image), and the browser must not guess another type.
 */
export const storedFileCsp = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export interface SendBlobOptions {
  cacheControl?: string;
  /** Storefront images are embedded by other sites; everything else stays same-origin. */
  crossOrigin?: boolean;
}

/** Sends a stored blob with headers that keep it inert. */
export function sendBlob(reply: FastifyReply, blob: BlobStream, options: SendBlobOptions = {}) {
  return reply
    .header('Content-Type', blob.contentType)
    .header('Content-Length', blob.size)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', storedFileCsp)
    .header('Cross-Origin-Resource-Policy', options.crossOrigin ? 'cross-origin' : 'same-origin')
    .header('Cache-Control', options.cacheControl ?? 'private, max-age=3600')
    .send(blob.body);
}
