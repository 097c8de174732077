import { defineResource, field, type RowOf } from '../definition';
import { roles } from '../roles';

/** Brands are seeded; Admins only switch whether each is showcased. */
export const brands = defineResource({
  name: 'brands',
  table: 'brands',
  label: { one: 'Brand', many: 'Brands' },
  titleField: 'name',
  menu: { group: 'settings', icon: 'Sell', order: 30 },
  access: { list: [roles.admin], read: [roles.admin], update: [roles.admin], export: [roles.admin] },
  fields: {
    slug: field.text({
      label: 'Logo',
      max: 100,
      required: true,
      unique: true,
      readOnly: true,
      search: true,
      sort: true,
    }),
    name: field.text({ label: 'Name', max: 200, required: true, readOnly: true, search: true, sort: true }),
    isShowcased: field.boolean({ label: 'Showcase', required: true, sort: true, filter: true }),
  },
  list: { sort: { field: 'name', order: 'ASC' } },
  audit: { entityType: 'brand' },
  routes: { toggle: { field: 'isShowcased', method: 'PATCH', path: ':id/showcase', idIn: 'path' } },
});

export type Brand = RowOf<typeof brands>;
