import { z } from 'zod';
import { reauthenticateFields, reauthenticateMessage } from './account';
import { resultOf } from './common';

export const passkeyNameMax = 64;

const passkeyNameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(passkeyNameMax, `Name must be at most ${passkeyNameMax} characters`);

/** base64url fields of a WebAuthn response; an attestation with a large key stays well under 16 kB. */
const encoded = (label: string, max = 16_384) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url`);

const credentialFields = {
  id: encoded('Credential id', 1_400),
  rawId: encoded('Credential id', 1_400),
  type: z.literal('public-key', { error: 'Type must be public-key' }),
  clientExtensionResults: z.looseObject({}).optional().default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** `navigator.credentials.create()`'s answer as `@simplewebauthn/browser` serializes it. */
const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: encoded('Client data'),
    attestationObject: encoded('Attestation'),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});

/** `navigator.credentials.get()`'s answer as `@simplewebauthn/browser` serializes it. */
const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: encoded('Client data'),
    authenticatorData: encoded('Authenticator data'),
    signature: encoded('Signature'),
    userHandle: encoded('User handle', 512).optional(),
  }),
});

export const addPasskeyRequestSchema = z.object({
  name: passkeyNameField,
  response: registrationResponseSchema,
});
export type AddPasskey = z.output<typeof addPasskeyRequestSchema>;

export const renamePasskeyRequestSchema = z.object({ name: passkeyNameField });

/** Removing a passkey asks again for the password, an authenticator code or another passkey. */
export const removePasskeyRequestSchema = z
  .object({ ...reauthenticateFields, passkey: authenticationResponseSchema.optional() })
  .refine((body) => Boolean(body.password || body.code || body.passkey), {
    message: reauthenticateMessage,
    path: ['password'],
  });
export type RemovePasskey = z.output<typeof removePasskeyRequestSchema>;

export const passkeyLoginRequestSchema = z.object({
  response: authenticationResponseSchema,
  rememberMe: z.boolean({ error: 'Remember me must be true or false' }).optional().default(false),
});
export type PasskeyLogin = z.output<typeof passkeyLoginRequestSchema>;

const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyResponseSchema = resultOf(passkeySchema);
export const passkeyListResponseSchema = resultOf(z.array(passkeySchema));

/** The options handed to `@simplewebauthn/browser`, as `@simplewebauthn/server` made them. */
export const webauthnOptionsResponseSchema = resultOf(z.looseObject({ challenge: z.string() }));

export const passkeyCountResponseSchema = resultOf(z.object({ count: z.number().int() }));
