import { defineResource, field } from '../definition';
import { roles } from '../roles';

export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;

/** Every kind of job the queue runs; the catalogues name each (`app.jobs.types`). */
export const jobTypes = [
  'merchandise.process',
  'merchandise.sync',
  'merchandise.remove',
  'merchandise.publish',
  'mail.deliver',
  'notifications.email',
  'notifications.digest',
  'campaigns.close-out',
] as const;
export type JobType = (typeof jobTypes)[number];

/**
 * The durable job queue as Admins see it: what runs in the background, what failed and why.
 * Read-only but for `POST jobs/{id}/retry` on a failed job; the queue itself writes the rows.
 */
export const jobs = defineResource({
  name: 'jobs',
  table: 'jobs',
  label: { one: 'Job', many: 'Jobs' },
  titleField: 'type',
  menu: { group: 'settings', icon: 'WorkHistory', order: 70 },
  quickSearch: false,
  access: { list: [roles.admin], read: [roles.admin] },
  fields: {
    type: field.text({
      label: 'Kind',
      max: 100,
      required: true,
      readOnly: true,
      search: true,
      sort: true,
      filter: true,
    }),
    merchandiseId: field.number({ label: 'Subject', int: true, readOnly: true }),
    status: field.choice({
      label: 'Status',
      required: true,
      readOnly: true,
      choices: jobStatuses.map((status) => ({
        value: status,
        label: status[0].toUpperCase() + status.slice(1),
      })),
      sort: true,
      filter: true,
    }),
    attempts: field.number({ label: 'Attempts', int: true, required: true, readOnly: true, sort: true }),
    lastError: field.longText({ label: 'Last error', max: 10_000, readOnly: true, search: true }),
    runAt: field.dateTime({ label: 'Next run', required: true, readOnly: true, sort: true, filter: true }),
    updatedAt: field.dateTime({ label: 'Updated', required: true, readOnly: true, sort: true }),
  },
  list: { sort: { field: 'updatedAt', order: 'DESC' } },
  audit: { entityType: 'job' },
});
