import { definitionsWithoutSchemas } from './definitions/without-schemas';
import { type RoleName, roles } from './roles';

/** The admin pages that are not table resources. */
const pages = {
  dashboard: [roles.admin, roles.athleticDirector],
  'design-logos': [roles.admin, roles.athleticDirector],
  merchandise: [roles.admin, roles.athleticDirector],
  'base-apparel': [roles.admin],
  reviews: [roles.admin, roles.reviewer],
} as const satisfies Record<string, readonly RoleName[]>;

/**
 * Which roles may open each admin page or API area: the pages above, and for every table
 * resource who may open its list, from its definition. The app hides what a role may not
 * open; the server enforces the same rules, and it remains the authority.
 */
export const access: Readonly<Record<string, readonly RoleName[]>> = {
  ...pages,
  ...Object.fromEntries(
    definitionsWithoutSchemas.map((definition) => [definition.name, definition.access.list ?? []]),
  ),
};

type AccessArea = keyof typeof pages | (typeof definitionsWithoutSchemas)[number]['name'];

export function canAccess(roleNamesOfUser: readonly string[] | undefined, area: string): boolean {
  const allowed: readonly string[] | undefined = access[area as AccessArea];
  if (!allowed || !roleNamesOfUser) return false;
  return allowed.some((role) => roleNamesOfUser.includes(role));
}

/** Where `/admin` sends a user: Admins to the dashboard, AthleticDirectors to their logos. */
export function homePathFor(roleNamesOfUser: readonly string[] | undefined) {
  if (roleNamesOfUser?.includes(roles.admin)) return '/admin/dashboard';
  if (roleNamesOfUser?.includes(roles.athleticDirector)) return '/admin/design-logos';
  if (roleNamesOfUser?.includes(roles.reviewer)) return '/admin/reviews';
  return '/403';
}
