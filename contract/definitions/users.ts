import { limits } from '../limits';
import { defineResource, field } from '../definition';
import { roles } from '../roles';

/**
 * Accounts: the engine gives the list, access, audit, menu and errors; the forms and bodies are
 * the users module's own (photo, nested name, passwords, role options, lock and resend). The
 * registry (`index.ts`) exports `users`, this definition joined with those bodies; this one is
 * for what must load without zod.
 */
export const usersWithoutSchemas = defineResource({
  name: 'users',
  table: 'users',
  label: { one: 'Account', many: 'Accounts', toast: 'User' },
  titleField: 'email',
  menu: { group: 'settings', icon: 'People', order: 10 },
  access: {
    list: [roles.admin],
    read: [roles.admin],
    create: [roles.admin],
    update: [roles.admin],
    export: [roles.admin],
  },
  fields: {
    email: field.email({
      label: 'Email',
      max: limits.email,
      required: true,
      unique: 'ci',
      search: true,
      sort: true,
    }),
    fullName: field.text({
      label: 'Name',
      max: 400,
      required: true,
      readOnly: true,
      search: true,
      sort: true,
    }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      list: false,
    }),
    isLocked: field.boolean({ label: 'Locked', readOnly: true, filter: true }),
    emailConfirmed: field.boolean({ label: 'Email confirmed', readOnly: true, filter: true }),
  },
  list: { sort: { field: 'email', order: 'ASC' } },
  audit: { entityType: 'user' },
  // The users module serves the update (passwords, roles, photo), so a revert cannot go through the engine's.
  history: false,
});
