import { z } from 'zod';
import { emailField, limits, resultOf } from './common';

export const loginStatuses = ['Failed', 'Succeeded', 'RequiresTwoFactor'] as const;
export type LoginStatus = (typeof loginStatuses)[number];

/** Passwords are never trimmed: blanks are characters like any other. */
export const passwordField = (label = 'Password') =>
  z
    .string({ error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be text`) })
    .min(1, `${label} is required`)
    .max(limits.password, `${label} must be at most ${limits.password} characters`);

export const loginRequestSchema = z.object({
  email: emailField(),
  password: passwordField(),
  rememberMe: z.boolean({ error: 'Remember me must be true or false' }).optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResultSchema = z.object({
  status: z.enum(loginStatuses),
  message: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
export const loginResponseSchema = resultOf(loginResultSchema);

/** The logged-in user of the spec, section 3 (plus fullName for the user menu). */
export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  roleNames: z.array(z.string()),
  organizationId: z.number().int().nullable(),
  organizationGuid: z.string().nullable(),
  profilePhotoGuid: z.string().nullable(),
  is2faEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  hasAuthenticator: z.boolean(),
});
export type Me = z.infer<typeof meSchema>;
export const meResponseSchema = resultOf(meSchema);

export const cookieExpirationResponseSchema = resultOf(z.number().int().positive());

export const okResponseSchema = resultOf(z.boolean());

export const passwordRule = {
  hint: 'At least 8 characters with a lowercase character, an uppercase character, a digit and a special character.',
  minLength: 8,
};

/** New passwords: the rule of the spec, section 5, enforced by both halves. */
export const newPasswordField = (label = 'Password') =>
  passwordField(label)
    .min(passwordRule.minLength, `${label} must be at least ${passwordRule.minLength} characters`)
    .regex(/[a-z]/, `${label} must contain a lowercase character`)
    .regex(/[A-Z]/, `${label} must contain an uppercase character`)
    .regex(/[0-9]/, `${label} must contain a digit`)
    .regex(/[^a-zA-Z0-9]/, `${label} must contain a special character`);
