import { z } from 'zod';
import { idParamsSchema, optionalText, requiredText, resultOf, tableResultOf } from './common';

export const emailTemplateSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  to: z.string().nullable(),
  cc: z.string().nullable(),
  bcc: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  description: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateLimits = { subject: 200, body: 100_000, addresses: 1000, description: 500 };

const single = z.email();

/** Extra recipients: e-mail addresses separated by commas or semicolons, or nothing. */
const addressList = (label: string) =>
  optionalText(label, emailTemplateLimits.addresses).refine(
    (value) =>
      value === null ||
      value
        .split(/[,;]/)
        .map((part) => part.trim())
        .every((part) => single.safeParse(part).success),
    `${label} must be e-mail addresses separated by commas`,
  );

/**
 * `PUT emailTemplate/update` carries the template; its id picks the row and the key is
 * read-only (ignored when sent).
 */
export const emailTemplateUpdateSchema = z.object({
  id: idParamsSchema.shape.id,
  to: addressList('To'),
  cc: addressList('Cc'),
  bcc: addressList('Bcc'),
  subject: requiredText('Subject', emailTemplateLimits.subject),
  body: requiredText('Body', emailTemplateLimits.body),
  description: optionalText('Description', emailTemplateLimits.description),
});
export type EmailTemplateUpdate = z.input<typeof emailTemplateUpdateSchema>;

export const emailTemplateResponseSchema = resultOf(emailTemplateSchema);
export const emailTemplateTableResponseSchema = tableResultOf(emailTemplateSchema);
