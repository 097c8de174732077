import { z } from 'zod';
import { resultOf } from './common';

/**
 * A user's own choices in the app (the theme, a list's columns, its saved views), kept on the
 * server so they follow the user to another browser. The app's preferences store decides which
 * of its keys travel; the server only bounds what one user may keep.
 */
export const preferenceLimits = { keysPerUser: 100, valueBytes: 16 * 1024, keyLength: 120 } as const;

export const preferenceKeyMessage = `A preference key is 1 to ${preferenceLimits.keyLength} letters, digits, dots, dashes or underscores`;
export const preferenceValueMessage = `A preference value must be JSON of at most ${preferenceLimits.valueBytes} bytes`;
export const preferenceCountMessage = `At most ${preferenceLimits.keysPerUser} preferences are kept per user; remove one first`;

export const preferenceParamsSchema = z.object({
  key: z
    .string()
    .max(preferenceLimits.keyLength, preferenceKeyMessage)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, preferenceKeyMessage),
});

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

export const savePreferenceRequestSchema = z.object({
  value: z
    .unknown()
    .refine(
      (value) => value !== undefined && value !== null && jsonBytes(value) <= preferenceLimits.valueBytes,
      preferenceValueMessage,
    ),
});

export const preferencesResponseSchema = resultOf(z.record(z.string(), z.unknown()));
