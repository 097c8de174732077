import { z } from 'zod';
import { emailField, limits, resultOf } from './common';

const loginStatuses = ['Failed', 'Succeeded', 'RequiresTwoFactor'] as const;

/** Passwords are never trimmed: blanks are characters like any other. */
const passwordField = (label = 'Password') =>
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

const loginResultSchema = z.object({
  status: z.enum(loginStatuses),
  message: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
export const loginResponseSchema = resultOf(loginResultSchema);

/** The logged-in user of the spec, section 3 (plus fullName for the user menu). */
const meSchema = z.object({
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

/** The rule's words are the app's (`app.passwordRule`), in the reader's language. */
export const passwordRule = { minLength: 8 };

/** New passwords: the rule of the spec, section 5, enforced by both halves. */
export const newPasswordField = (label = 'Password') =>
  passwordField(label)
    .min(passwordRule.minLength, `${label} must be at least ${passwordRule.minLength} characters`)
    .regex(/[a-z]/, `${label} must contain a lowercase character`)
    .regex(/[A-Z]/, `${label} must contain an uppercase character`)
    .regex(/[0-9]/, `${label} must contain a digit`)
    .regex(/[^a-zA-Z0-9]/, `${label} must contain a special character`);

export const passwordsMatchMessage = 'The password and confirmation password do not match.';

/** The second step of sign-in: a code from the authenticator app. */
export const loginTwoFactorRequestSchema = z.object({
  twoFactorCode: z
    .string({ error: 'Authenticator code is required' })
    .trim()
    .min(1, 'Authenticator code is required')
    .max(16, 'Authenticator code must be at most 16 characters'),
  rememberMachine: z
    .boolean({ error: 'Remember this machine must be true or false' })
    .optional()
    .default(false),
});

export const loginRecoveryRequestSchema = z.object({
  recoveryCode: z
    .string({ error: 'Recovery code is required' })
    .trim()
    .min(1, 'Recovery code is required')
    .max(32, 'Recovery code must be at most 32 characters'),
});

const mfaStatusSchema = z.object({
  is2faEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  hasAuthenticator: z.boolean(),
  isMachineRemembered: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaStatusResponseSchema = resultOf(mfaStatusSchema);

const sharedKeySchema = z.object({
  /** 32 base32 characters, lowercase, in groups of four. */
  sharedKey: z.string(),
  authenticatorUri: z.string(),
});
export type SharedKey = z.infer<typeof sharedKeySchema>;
export const sharedKeyResponseSchema = resultOf(sharedKeySchema);

const codeField = z
  .string({ error: 'Code must be text' })
  .trim()
  .max(16, 'Code must be at most 16 characters')
  .optional();

export const reauthenticateMessage = 'Enter your current password or a code from your authenticator app';

/** Sensitive changes ask again for the current password or a current authenticator code. */
export const reauthenticateFields = {
  password: z.string({ error: 'Password must be text' }).max(limits.password).optional(),
  code: codeField,
};
export const reauthenticateSchema = z
  .object(reauthenticateFields)
  .refine((body) => Boolean(body.password || body.code), {
    message: reauthenticateMessage,
    path: ['password'],
  });
export type Reauthenticate = z.input<typeof reauthenticateSchema>;

export const enableAuthenticatorRequestSchema = z.object({
  code: z
    .string({ error: 'Verification code is required' })
    .trim()
    .min(1, 'Verification code is required')
    .max(16, 'Verification code must be at most 16 characters'),
  password: passwordField('Current password'),
});

const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export const recoveryCodesResponseSchema = resultOf(recoveryCodesSchema);
/** Enabling answers the first set of recovery codes, or null when the user still has some. */
export const enableAuthenticatorResponseSchema = resultOf(
  z.object({ recoveryCodes: z.array(z.string()).nullable() }),
);

const withConfirmation = <T extends z.ZodRawShape>(shape: T, field: 'password' | 'newPassword') =>
  z.object({ ...shape, confirmPassword: passwordField('Confirm password') }).refine(
    (body) => {
      const values = body as Record<string, unknown>;
      return values[field] === values.confirmPassword;
    },
    {
      message: passwordsMatchMessage,
      path: ['confirmPassword'],
    },
  );

export const forgotPasswordRequestSchema = z.object({ email: emailField() });

const codeParam = z
  .string({ error: 'Code is required' })
  .min(1, 'Code is required')
  .max(200, 'Code must be at most 200 characters');

export const resetPasswordRequestSchema = withConfirmation(
  { email: emailField(), code: codeParam, password: newPasswordField() },
  'password',
);

export const changePasswordRequestSchema = withConfirmation(
  { oldPassword: passwordField('Current password'), newPassword: newPasswordField('New password') },
  'newPassword',
);

export const changeEmailRequestSchema = z.object({
  newEmail: emailField('New email'),
  password: passwordField('Current password'),
});

export const confirmAccountQuerySchema = z.object({ email: emailField(), code: codeParam });

/** The password is required when the account has none yet (created by an admin without one). */
export const confirmAccountRequestSchema = z
  .object({
    email: emailField(),
    code: codeParam,
    password: newPasswordField().optional(),
    confirmPassword: z.string().max(limits.password).optional(),
  })
  .refine((body) => body.password === undefined || body.password === body.confirmPassword, {
    message: passwordsMatchMessage,
    path: ['confirmPassword'],
  });

export const updateTimeZoneRequestSchema = z.object({
  reportedTimeZone: z
    .string({ error: 'Time zone is required' })
    .min(1, 'Time zone is required')
    .max(64, 'Time zone must be at most 64 characters')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'Time zone is not recognised'),
});

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`);

export const registerRequestSchema = withConfirmation(
  {
    email: emailField(),
    firstName: nameField('First name'),
    lastName: nameField('Last name'),
    password: newPasswordField(),
  },
  'password',
);

/** External sign-in providers configured on the server; empty when none, and the login page shows no button. */
export const externalProvidersResponseSchema = resultOf(
  z.array(z.object({ name: z.string(), displayName: z.string() })),
);
export type ExternalProvider = z.infer<typeof externalProvidersResponseSchema>['result'][number];

export { externalLoginErrors } from './external-login';
