import { accessFor, defineResource, field, notBefore } from '../../../contract/definition';
import { roles } from '../../../contract/roles';
import { resourceTable } from '../../../server/db/resource-table';

/**
 * A test-only resource with a filterable, sortable field of every kind the engine knows, so the
 * derived list suite covers kinds no registered definition filters by yet (whole and decimal
 * numbers, dates, e-mail, address, long text, an optional reference) on both drivers.
 */
const fields = {
  title: field.text({ label: 'Title', max: 60, required: true, unique: 'ci', search: true, sort: true }),
  code: field.text({
    label: 'Code',
    max: 20,
    transform: 'upper',
    pattern: { regex: /^[A-Za-z0-9-]*$/, message: 'Code may contain only letters, digits and -' },
    filter: true,
    sort: true,
  }),
  notes: field.longText({ label: 'Notes', max: 2000, search: true, filter: true }),
  contact: field.email({ label: 'Contact', max: 256, filter: true, sort: true }),
  link: field.url({ label: 'Link', max: 200, filter: true, sort: true }),
  quantity: field.number({ label: 'Quantity', int: true, min: 0, max: 10_000, filter: true, sort: true }),
  weight: field.number({ label: 'Weight', filter: true, sort: true }),
  price: field.money({ label: 'Price', required: true, filter: true, sort: true }),
  isActive: field.boolean({ label: 'Active', default: true, filter: true, sort: true }),
  level: field.choice({
    label: 'Level',
    choices: ['Freshman', 'Junior Varsity', 'Varsity'].map((value) => ({ value, label: value })),
    filter: true,
    sort: true,
  }),
  organizationId: field.reference({
    label: 'Organization',
    to: 'organizations',
    show: 'name',
    required: true,
  }),
  ownerId: field.reference({ label: 'Owner', to: 'users', show: 'email', sort: true }),
  startsOn: field.date({ label: 'Starts on', filter: true, sort: true }),
  endsOn: field.date({ label: 'Ends on', sort: true }),
  happensAt: field.dateTime({ label: 'Happens at', filter: true, sort: true }),
};

export const everyKind = defineResource({
  name: 'specimens',
  table: 'specimens',
  label: { one: 'Specimen', many: 'Specimens' },
  titleField: 'title',
  access: accessFor([roles.admin, roles.athleticDirector]),
  organizationField: 'organizationId',
  fields,
  // A season ends on or after the day it starts: a rule across two fields, checked on every write.
  rules: [notBefore(fields, 'endsOn', 'startsOn')],

  list: { sort: { field: 'title', order: 'ASC' } },
});

export const specimensTable = resourceTable(everyKind);
