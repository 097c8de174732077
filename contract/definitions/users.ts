import { contactInformationLimit, limits, nameLimit } from '../limits';
import { defineResource, field } from '../definition';
import { roleOptions, roles } from '../roles';

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
  // A spreadsheet's row of an account: the form's fields, the name in its parts, the roles listed.
  importFields: {
    email: field.email({ label: 'Email', max: limits.email, required: true }),
    firstName: field.text({ label: 'First name', max: nameLimit, required: true }),
    middleName: field.text({ label: 'Middle name', max: nameLimit }),
    lastName: field.text({ label: 'Last name', max: nameLimit, required: true }),
    suffix: field.text({ label: 'Suffix', max: nameLimit }),
    userRoles: field.choice({
      label: 'Roles',
      required: true,
      multiple: true,
      choices: roleOptions.map(({ value, label }) => ({ value, label })),
    }),
    organizationId: field.reference({ label: 'Organization', to: 'organizations', show: 'name' }),
    contactInformation: field.longText({ label: 'Contact information', max: contactInformationLimit }),
  },
  audit: { entityType: 'user' },
  // The users module serves the update (passwords, roles, photo), so a revert cannot go through the engine's.
  history: false,
});
