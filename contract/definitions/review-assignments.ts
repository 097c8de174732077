import { defineResource, field, type RowOf } from '../definition';
import { roles } from '../roles';

const admins = [roles.admin];

/**
 * Which schools' designs each Reviewer reviews (a district's licensing representative reviews
 * several): a reviewer reaches exactly these schools' submitted products and nothing else.
 */
export const reviewAssignments = defineResource({
  name: 'review-assignments',
  table: 'review_assignments',
  label: { one: 'Review Assignment', many: 'Review Assignments' },
  titleField: 'reviewerId',
  menu: { group: 'settings', icon: 'People', order: 90 },
  access: {
    list: admins,
    read: admins,
    create: admins,
    update: admins,
    delete: admins,
    bulkDelete: admins,
    export: admins,
  },
  organizationField: 'organizationId',
  fields: {
    // An assignment made twice reaches the same school once: nothing to refuse.
    reviewerId: field.reference({
      label: 'Reviewer',
      to: 'users',
      show: 'email',
      required: true,
      sort: true,
      filter: true,
    }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
      sort: true,
      filter: true,
    }),
  },
  audit: { entityType: 'reviewAssignment' },
});

export type ReviewAssignment = RowOf<typeof reviewAssignments>;
