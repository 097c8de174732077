import { defineResource, field } from '../definition';
import { roles } from '../roles';

export const emailTemplateLimits = { subject: 200, body: 100_000, addresses: 1000, description: 500 };

/** The templates are the server's (seeded): Admins edit them, nobody adds or removes one. */
export const emailTemplates = defineResource({
  name: 'email-template',
  table: 'email_templates',
  apiPath: 'emailTemplate',
  label: { one: 'Email Template', many: 'Email Templates' },
  titleField: 'key',
  menu: { icon: 'Email', order: 30 },
  access: { list: [roles.admin], read: [roles.admin], update: [roles.admin], export: [roles.admin] },
  fields: {
    key: field.text({
      label: 'Key',
      max: 100,
      required: true,
      unique: true,
      readOnly: true,
      search: true,
      sort: true,
    }),
    to: field.email({ label: 'To', max: emailTemplateLimits.addresses, multiple: true, list: false }),
    cc: field.email({ label: 'Cc', max: emailTemplateLimits.addresses, multiple: true, list: false }),
    bcc: field.email({ label: 'Bcc', max: emailTemplateLimits.addresses, multiple: true, list: false }),
    subject: field.text({
      label: 'Subject',
      max: emailTemplateLimits.subject,
      required: true,
      search: true,
      sort: true,
    }),
    body: field.richText({ label: 'Body', max: emailTemplateLimits.body, required: true, list: false }),
    description: field.longText({ label: 'Description', max: emailTemplateLimits.description, search: true }),
    // What a user whose language is Spanish receives; empty, they get the English.
    subjectEs: field.text({ label: 'Subject in Spanish', max: emailTemplateLimits.subject, list: false }),
    bodyEs: field.richText({ label: 'Body in Spanish', max: emailTemplateLimits.body, list: false }),
  },
  list: { sort: { field: 'key', order: 'ASC' } },
  audit: { entityType: 'emailTemplate' },
  routes: { update: { path: 'update', idIn: 'body' } },
});
