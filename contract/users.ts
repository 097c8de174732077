import { z } from 'zod';
import { newPasswordField } from './account';
import { maxIntegerId } from './resource';
import {
  emailField,
  idParamsSchema,
  limits,
  optionalText,
  requiredText,
  resultOf,
  versionInput,
  versionOutput,
} from './common';
import { contactInformationLimit, nameLimit } from './limits';
import { roleNames, roleOptions } from './roles';

const nameSchema = z.object({
  firstName: requiredText('First name', nameLimit),
  middleName: optionalText('Middle name', nameLimit),
  lastName: requiredText('Last name', nameLimit),
  suffix: optionalText('Suffix', nameLimit),
});

const roleValues = roleNames as [string, ...string[]];

const userRolesField = z
  .array(z.enum(roleValues, { error: 'Role is not a known role' }), {
    error: (issue) => (issue.input == null ? 'Roles are required' : 'Roles must be a list'),
  })
  .min(1, 'Roles are required')
  .transform((values) => [...new Set(values)]);

/** A form may send an empty string for "no organization". */
const organizationIdField = z.preprocess(
  (value) => (value === '' ? null : value),
  z.coerce
    .number({ error: 'Organization must be a number' })
    .int('Organization must be a whole number')
    .positive('Organization must be positive')
    .max(maxIntegerId, 'Organization does not exist')
    .nullish()
    .transform((value) => value ?? null),
);

const rolesIncludeShop = (values: readonly string[] | undefined) =>
  Boolean(
    values?.some((value) => roleOptions.some((option) => option.value === value && option.includesShop)),
  );

const optionalNewPassword = z
  .union([z.literal(''), z.null(), newPasswordField('Password')])
  .optional()
  .transform((value) => value || null);

const confirmPasswordField = z
  .string({ error: 'Confirm password must be text' })
  .max(limits.password, `Confirm password must be at most ${limits.password} characters`)
  .nullish()
  .transform((value) => value || null);

/** Fields an Admin edits on an account; ids, lock and confirmation state are never taken from a body. */
const userFields = {
  email: emailField(),
  name: nameSchema,
  userRoles: userRolesField,
  organizationId: organizationIdField,
  contactInformation: optionalText('Contact information', contactInformationLimit),
};

type WithShop = { userRoles: string[]; organizationId: number | null };

/** A role that includes a shop needs the organization whose shop it runs; other roles keep none. */
const organizationRule = <T extends WithShop>(value: T, ctx: z.RefinementCtx) => {
  if (rolesIncludeShop(value.userRoles) && value.organizationId === null) {
    ctx.addIssue({ code: 'custom', path: ['organizationId'], message: 'Organization is required' });
  }
};
const clearOrganization = <T extends WithShop>(value: T): T =>
  rolesIncludeShop(value.userRoles) ? value : { ...value, organizationId: null };

/**
 * The Create and Edit forms' body. A password on create may be blank (the user sets their own
 * when confirming the account); on edit it is an Admin setting it for the user, blank keeping
 * the current one.
 */
const userFormShape = { ...userFields, password: optionalNewPassword, confirmPassword: confirmPasswordField };
type UserForm = WithShop & { password?: string | null; confirmPassword?: string | null };
const userFormRules = (value: UserForm, ctx: z.RefinementCtx) => {
  organizationRule(value, ctx);
  if ((value.password ?? null) !== (value.confirmPassword ?? null)) {
    ctx.addIssue({
      code: 'custom',
      path: ['confirmPassword'],
      message: 'The password and confirmation password do not match',
    });
  }
};
export const userCreateSchema = z
  .object(userFormShape)
  .superRefine(userFormRules)
  .transform(clearOrganization);
export const userUpdateSchema = z
  .object({ ...userFormShape, version: versionInput })
  .superRefine(userFormRules)
  .transform(clearOrganization);

/** The user of the edit form (spec section 3). */
export const userSchema = z.object({
  id: z.number().int(),
  version: versionOutput,
  organizationId: z.number().int().nullable(),
  email: z.string(),
  username: z.string(),
  name: z.object({
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string(),
    suffix: z.string().nullable(),
    fullName: z.string(),
  }),
  userRoles: z.array(z.string()),
  profilePhotoGuid: z.string().nullable(),
  contactInformation: z.string().nullable(),
  isLocked: z.boolean(),
  emailConfirmed: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
export const userResponseSchema = resultOf(userSchema);

/** One row of the Accounts table. */
export const accountRowSchema = z.object({
  id: z.number().int(),
  version: versionOutput,
  email: z.string(),
  fullName: z.string(),
  isLocked: z.boolean(),
  emailConfirmed: z.boolean(),
  roles: z.array(z.string()),
});
export type AccountRow = z.infer<typeof accountRowSchema>;

const roleOptionSchema = z.object({ value: z.string(), label: z.string(), includesShop: z.boolean() });
export type RoleOption = z.infer<typeof roleOptionSchema>;
export const roleOptionsResponseSchema = resultOf(z.array(roleOptionSchema));

export const sendConfirmEmailSchema = z.object({ email: emailField() });

export const photoParamsSchema = z.object({
  // Bounded as every id: past the integer column the photo's query would fail with a 500.
  userId: idParamsSchema.shape.id,
  profilePhotoGuid: z.uuid('Photo id is not valid'),
});

/** Profile photos: raster images only (an SVG can carry script), checked by content on the server. */
export const profilePhoto = {
  maxBytes: 5 * 1024 * 1024,
  accept: 'image/png,image/jpeg,image/gif,image/webp',
};
