import type { FastifyRequest } from 'fastify';
import { profilePhoto } from '../../../contract/users';
import { badRequest } from '../../errors';

export const photoFieldName = 'profilePhoto';

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

async function readPhoto(read: () => Promise<Buffer>) {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest(
        photoFieldName,
        `The profile photo must be at most ${megabytes(profilePhoto.maxBytes)} MB`,
      );
    }
    throw error;
  }
}

/** Fields that are lists even when the form carries a single value. */
const listFields = new Set(['userRoles']);
const forbiddenKeys = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * A multipart user form as the same object the JSON routes take: `name.firstName` becomes
 * `{ name: { firstName } }` and a repeated `userRoles` (or `userRoles[]`) becomes a list,
 * so one zod schema validates both.
 */
export async function readUserForm(request: FastifyRequest) {
  const fields: Record<string, unknown> = {};
  let photo: Buffer | undefined;
  if (!request.isMultipart()) throw badRequest('', 'The request must be multipart/form-data');
  for await (const part of request.parts({ limits: { fileSize: profilePhoto.maxBytes } })) {
    if (part.type === 'file') {
      if (part.fieldname !== photoFieldName) {
        await part.toBuffer();
        throw badRequest(part.fieldname, 'Unexpected file');
      }
      photo = await readPhoto(() => part.toBuffer());
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    const path = part.fieldname.replace(/\[\]$/, '').split('.');
    if (path.some((key) => forbiddenKeys.has(key) || key === ''))
      throw badRequest(part.fieldname, 'Unexpected field');
    let node = fields;
    for (const key of path.slice(0, -1)) {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    if (listFields.has(part.fieldname.replace(/\[\]$/, ''))) {
      node[last] = [...((node[last] as string[] | undefined) ?? []), value];
    } else {
      node[last] = value;
    }
  }
  return { fields, photo: photo && photo.length > 0 ? photo : undefined };
}
