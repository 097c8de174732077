import { accessFor, defineResource, field, notBefore, type RowOf } from '../definition';
import { roles } from '../roles';
import { defineWorkflow, stateField } from '../workflow';

const runners = [roles.admin, roles.athleticDirector];

/**
 * A store window's life: scheduled until it opens, open for orders until it closes, then sent to
 * the print shop. The clock opens and closes it at its times; its director (or an Admin) may open
 * or close it early, and sends it to print once closed.
 */
export const campaignWorkflow = defineWorkflow({
  field: 'state',
  states: {
    scheduled: { label: 'Scheduled' },
    open: { label: 'Open' },
    closed: { label: 'Closed' },
    sentToPrint: { label: 'Sent to print' },
  },
  initial: 'scheduled',
  transitions: {
    open: { label: 'Open now', from: ['scheduled'], to: 'open', roles: runners, at: 'opensAt' },
    close: { label: 'Close now', from: ['open'], to: 'closed', roles: runners, at: 'closesAt' },
    sendToPrint: { label: 'Send to print', from: ['closed'], to: 'sentToPrint', roles: runners },
  },
});

const fields = {
  name: field.text({
    label: 'Name',
    max: 100,
    required: true,
    unique: 'ci',
    uniqueWithin: 'organization',
    search: true,
    sort: true,
  }),
  organizationId: field.reference({
    label: 'Organization',
    to: 'organizations',
    show: 'name',
    required: true,
  }),
  opensAt: field.dateTime({ label: 'Opens at', required: true, sort: true, filter: true }),
  closesAt: field.dateTime({ label: 'Closes at', required: true, sort: true, filter: true }),
  state: stateField(campaignWorkflow),
};

/** A school's store windows (issue 50): its directors run them, Admins every school's. */
export const campaigns = defineResource({
  name: 'campaigns',
  table: 'campaigns',
  label: { one: 'Campaign', many: 'Campaigns' },
  titleField: 'name',
  menu: { icon: 'Event', order: 45 },
  access: accessFor(runners),
  trash: true,
  organizationField: 'organizationId',
  fields,
  rules: [notBefore(fields, 'closesAt', 'opensAt')],
  workflow: campaignWorkflow,
  list: { sort: { field: 'opensAt', order: 'DESC' } },
  audit: { entityType: 'campaign' },
});

export type Campaign = RowOf<typeof campaigns>;
