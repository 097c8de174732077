import { createHash, randomBytes } from 'node:crypto';

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as their SHA-256, so a leaked table opens no session. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
