import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../errors';
import type { BlobStore } from './types';
import { checkedFileName, type ImageKind, type StoredImage, storeImageUpload } from './uploads';
import { UploadRejected } from './image-limits';

/**
 * What the multipart parser (busboy) throws for a body that is not a well-formed form: no
 * boundary, a part or the form cut off, a broken part header. The client's mistake, a 400.
 */
const malformedMultipart =
  /^Multipart: Boundary not found$|unexpected end of multipart data$|^Malformed part header$/i;
const isMalformedMultipart = (error: unknown) =>
  error instanceof Error && !(error instanceof HttpError) && malformedMultipart.test(error.message);

/** Room for the form's text fields and part headers around the file itself. */
const formOverheadBytes = 256 * 1024;

export interface ImageFormOptions {
  storage: BlobStore;
  /** The form field carrying the file, e.g. `ImageFile`. */
  fileField: string;
  prefix: string;
  maxBytes: number;
  allowed: readonly ImageKind[];
}

export interface ImageForm {
  fields: Record<string, string>;
  image: StoredImage;
  fileName: string;
}

/**
 * Reads a multipart form with one image file. The file is checked by content and streamed
 * into the blob store as it arrives; text fields are collected whatever their order. A
 * request that announces more bytes than allowed is refused before its body is read. On
 * any failure the stored file is deleted again and a 400 names the file field.
 */
export async function readImageForm(request: FastifyRequest, options: ImageFormOptions): Promise<ImageForm> {
  const announced = Number(request.headers['content-length']);
  const limitText = `${Math.round(options.maxBytes / (1024 * 1024))} MB`;
  if (Number.isFinite(announced) && announced > options.maxBytes + formOverheadBytes) {
    throw badRequest(options.fileField, `The file must be at most ${limitText}`);
  }
  if (!request.isMultipart()) throw badRequest(options.fileField, 'The request must be a multipart form');
  const fields: Record<string, string> = {};
  let image: StoredImage | undefined;
  let fileName = '';
  try {
    for await (const part of request.parts({
      // Keep the name as sent, so a path-like one is refused instead of silently cut down.
      preservePath: true,
      limits: { fileSize: options.maxBytes + 1 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== options.fileField || image) {
        part.file.resume();
        throw badRequest(part.fieldname, `Only one file, in ${options.fileField}, is expected`);
      }
      try {
        checkedFileName(part.filename, 'png');
        image = await storeImageUpload(options.storage, part.file, {
          ...options,
          owner: request.auth ? `user:${request.auth.user.id}` : `address:${request.ip}`,
          turn: request.auth
            ? `organization:${request.auth.user.organizationId ?? 'admins'}`
            : `address:${request.ip}`,
        });
        fileName = checkedFileName(part.filename, image.kind);
      } catch (error) {
        if (error instanceof UploadRejected) throw badRequest(options.fileField, error.message);
        throw error;
      }
    }
  } catch (error) {
    if (image) await options.storage.delete(image.key);
    if (isMalformedMultipart(error)) throw badRequest('', 'The request is not a complete multipart form');
    throw error;
  }
  if (!image) throw badRequest(options.fileField, 'A file is required');
  return { fields, image, fileName };
}
