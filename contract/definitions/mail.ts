import { defineResource, field } from '../definition';
import { roles } from '../roles';

export const mailStatuses = ['pending', 'sent', 'failed'] as const;

/**
 * The e-mail outbox, for an Admin to see what was sent and what failed; a failed message is
 * resent through `POST mail/:id/resend`. Bodies are never shown: they hold reset codes.
 */
export const mail = defineResource({
  name: 'mail',
  table: 'email_outbox',
  label: { one: 'Email', many: 'Sent Emails' },
  titleField: 'subject',
  menu: { group: 'settings', icon: 'Email', order: 55 },
  quickSearch: false,
  access: { list: [roles.admin], read: [roles.admin], export: [roles.admin] },
  fields: {
    createdAt: field.dateTime({ label: 'Time', required: true, readOnly: true, sort: true, filter: true }),
    to: field.text({ label: 'To', max: 500, required: true, readOnly: true, search: true, sort: true }),
    subject: field.text({ label: 'Subject', max: 500, required: true, readOnly: true, search: true }),
    templateKey: field.text({ label: 'Template', max: 100, readOnly: true, sort: true, filter: true }),
    status: field.choice({
      label: 'Status',
      choices: mailStatuses.map((status) => ({
        value: status,
        label: status[0].toUpperCase() + status.slice(1),
      })),
      required: true,
      readOnly: true,
      sort: true,
      filter: true,
    }),
    attempts: field.number({ label: 'Attempts', int: true, required: true, readOnly: true }),
    lastError: field.longText({ label: 'Last error', max: 10_000, readOnly: true }),
    sentAt: field.dateTime({ label: 'Sent', readOnly: true, sort: true }),
  },
  list: { sort: { field: 'createdAt', order: 'DESC' } },
});
