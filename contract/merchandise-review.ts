import { z } from 'zod';
import { defineResource, field } from './definition';
import { roles } from './roles';
import { defineWorkflow, stateField } from './workflow';

const makers = [roles.admin, roles.athleticDirector];
const reviewers = [roles.admin, roles.reviewer];

/**
 * No school's logo goes on sale until a reviewer says yes (issue 49): a director submits a
 * design, a reviewer of the school (or an Admin) approves it or asks for changes with a comment,
 * and only an approved design is published to the storefront; retiring takes it off sale.
 */
export const productReviewWorkflow = defineWorkflow({
  field: 'reviewState',
  states: {
    draft: { label: 'Draft' },
    submitted: { label: 'Submitted' },
    changesRequested: { label: 'Changes requested' },
    approved: { label: 'Approved' },
    published: { label: 'Published' },
    retired: { label: 'Retired' },
  },
  initial: 'draft',
  transitions: {
    submit: {
      label: 'Submit for review',
      from: ['draft', 'changesRequested'],
      to: 'submitted',
      roles: makers,
    },
    approve: { label: 'Approve', from: ['submitted'], to: 'approved', roles: reviewers, comment: 'optional' },
    requestChanges: {
      label: 'Request changes',
      from: ['submitted'],
      to: 'changesRequested',
      roles: reviewers,
      comment: 'required',
    },
    publish: { label: 'Publish', from: ['approved', 'retired'], to: 'published', roles: makers },
    retire: { label: 'Retire', from: ['published'], to: 'retired', roles: makers },
  },
});

export type ReviewState = keyof typeof productReviewWorkflow.states;
export const reviewStates = Object.keys(productReviewWorkflow.states) as [ReviewState, ...ReviewState[]];

/**
 * A title, description and price a director changed on an approved or published product of a
 * school that reviews text changes: kept aside, with the state the product returns to, until a
 * reviewer decides. The product keeps selling with its own meanwhile.
 */
export const pendingChangesSchema = z.object({
  title: z.string(),
  description: z.string(),
  price: z.number(),
  returnTo: z.enum(['approved', 'published']),
});
export type PendingChanges = z.infer<typeof pendingChangesSchema>;

/**
 * The products as the workflow engine sees them: the merchandise module keeps its own routes
 * (the studio's create, the gallery), and the engine serves the review's transitions
 * (`POST merchandise/:id/transitions/{name}`), scoped, audited and announced as any resource's.
 */
export const productReview = defineResource({
  name: 'merchandise',
  table: 'merchandise',
  label: { one: 'Product', many: 'Products' },
  titleField: 'title',
  access: {},
  organizationField: 'organizationId',
  fields: {
    title: field.text({ label: 'Title', max: 200, required: true }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
    }),
    reviewState: stateField(productReviewWorkflow, 'Review'),
  },
  workflow: productReviewWorkflow,
  audit: { entityType: 'merchandise' },
});
