import { z } from 'zod';
import { emailField, optionalText, requiredText } from './common';

export const contactLimits = {
  name: 100,
  subject: 200,
  message: 5000,
  organization: 200,
  phone: 40,
} as const;

/** The contact form (spec section 1), delivered by e-mail to the configured address. */
export const contactRequestSchema = z.object({
  name: requiredText('Name', contactLimits.name),
  email: emailField(),
  subject: requiredText('Subject', contactLimits.subject),
  message: requiredText('Message', contactLimits.message),
});

/** Athletic-director registration: an account an Admin then gives its role and organization. */
export const athleticDirectorRegisterRequestSchema = z.object({
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  email: emailField(),
  organizationName: requiredText('School or organization', contactLimits.organization),
  phone: optionalText('Phone', contactLimits.phone),
});
