import { defineResource, field } from '../definition';
import { roles } from '../roles';

/** Who changed what, written in the same transaction as the change; nobody edits history. */
export const auditLogWithoutSchemas = defineResource({
  name: 'audit-log',
  table: 'audit_log',
  label: { one: 'Audit Entry', many: 'Audit Log' },
  titleField: 'action',
  menu: { group: 'settings', icon: 'History', order: 60 },
  quickSearch: false,
  access: { list: [roles.admin], read: [roles.admin], export: [roles.admin] },
  fields: {
    createdAt: field.dateTime({ label: 'Time', required: true, readOnly: true, sort: true, filter: true }),
    actorUserId: field.reference({ label: 'Actor', to: 'users', show: 'email', readOnly: true, sort: true }),
    action: field.text({
      label: 'Action',
      max: 100,
      required: true,
      readOnly: true,
      search: true,
      sort: true,
      filter: true,
    }),
    entityType: field.text({
      label: 'Entity',
      max: 100,
      required: true,
      readOnly: true,
      search: true,
      sort: true,
      filter: true,
    }),
    entityId: field.text({ label: 'Record', max: 100, readOnly: true, search: true, filter: true }),
  },
  // A phone's card shows the first three: when, to which record (with what changed), and what.
  list: {
    columns: ['createdAt', 'entityId', 'action', 'actorUserId', 'entityType'],
    sort: { field: 'createdAt', order: 'DESC' },
  },
});
