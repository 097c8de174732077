import { accessFor, defineResource, field, type RowOf } from '../definition';
import { roles } from '../roles';

export const organizationNameMax = 200;
export const storefrontAddressMax = 2000;

export const organizations = defineResource({
  name: 'organizations',
  table: 'organizations',
  label: { one: 'Organization', many: 'Organizations' },
  titleField: 'name',
  menu: { group: 'settings', icon: 'Business', order: 50 },
  // Everyone signed in reads their own organization (the page header); Admins manage them all.
  access: { ...accessFor([roles.admin]), read: [roles.admin, roles.athleticDirector] },
  // The spec's Organizations screens offer no delete: an organization goes to the trash only
  // through `DELETE organizations/{id}`, and comes back from its Trash page.
  notOffered: ['delete', 'bulkDelete'],
  trash: true,
  organizationField: 'id',
  fields: {
    name: field.text({
      label: 'Name',
      max: organizationNameMax,
      required: true,
      unique: 'ci',
      search: true,
      sort: true,
    }),
    guid: field.text({ label: 'Guid', max: 36, required: true, unique: true, readOnly: true, list: false }),
    spiritShopAddress: field.url({ label: 'Storefront address', max: storefrontAddressMax, search: true }),
    // Some districts license the words and the price too (issue 49): then a change to an approved
    // product's title, description or price waits for a reviewer, as a new design does.
    reviewTextChanges: field.boolean({ label: 'Review title, description and price changes', list: false }),
  },
  list: { sort: { field: 'name', order: 'ASC' } },
  audit: { entityType: 'organization' },
});

export type Organization = RowOf<typeof organizations>;
