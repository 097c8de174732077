import { accessFor, defineResource, field } from '../definition';
import { roles } from '../roles';

const sports = ['Baseball', 'Basketball', 'Football', 'Soccer', 'Volleyball'] as const;

/** A school's teams: its Athletic Directors keep them, Admins every school's. */
export const teams = defineResource({
  name: 'teams',
  table: 'teams',
  label: { one: 'Team', many: 'Teams' },
  titleField: 'name',
  menu: { group: 'settings', icon: 'Groups', order: 80 },
  // Both roles keep teams, Athletic Directors only their own school's; only Admins delete one.
  access: accessFor([roles.admin, roles.athleticDirector]),
  // A deleted team goes to the trash: Admins restore it (or delete it forever) for 30 days.
  trash: true,
  organizationField: 'organizationId',
  fields: {
    name: field.text({
      label: 'Name',
      max: 100,
      required: true,
      unique: 'ci',
      uniqueWithin: 'organization',
      search: true,
      sort: true,
    }),
    sport: field.choice({
      label: 'Sport',
      required: true,
      choices: sports.map((sport) => ({ value: sport, label: sport })),
      filter: true,
      sort: true,
    }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
    }),
    // The team's school's own staff, for Admins too: offered and accepted from that school only.
    coachId: field.reference({ label: 'Coach', to: 'users', show: 'email', within: 'organization' }),
    // Only Admins see or set a budget: it is absent from every answer to a director.
    budget: field.money({ label: 'Budget', min: 0, sort: true, access: { read: [roles.admin] } }),
    isActive: field.boolean({ label: 'Active', default: true, filter: true, sort: true }),
  },
  list: { sort: { field: 'name', order: 'ASC' } },
  audit: { entityType: 'team' },
});
