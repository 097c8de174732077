import { limits } from '../limits';
import { accessFor, defineResource, field } from '../definition';
import { roles } from '../roles';

/** The spec sets no limit on a value; this one keeps a stray paste from filling the table. */
export const settingValueMax = 4000;

export const settings = defineResource({
  name: 'settings',
  table: 'settings',
  label: { one: 'Setting', many: 'Settings' },
  titleField: 'key',
  menu: { group: 'settings', icon: 'Tune', order: 40, label: 'Portal Settings' },
  access: accessFor([roles.admin]),
  trash: true,
  fields: {
    key: field.text({
      label: 'Key',
      max: limits.settingKey,
      required: true,
      unique: true,
      readOnlyOnUpdate: true,
      search: true,
      sort: true,
      // `GET settings/{key}` reads a numeric segment as an id, so a key of digits could never be read.
      pattern: { regex: /\D/, message: 'Key must contain a letter' },
    }),
    value: field.longText({ label: 'Value', max: settingValueMax, required: true, search: true, sort: true }),
    isEnabled: field.boolean({ label: 'Enabled', required: true, default: true, sort: true, filter: true }),
  },
  list: { sort: { field: 'key', order: 'ASC' } },
  audit: { entityType: 'setting' },
  routes: { getOneAlsoBy: 'key' },
});
