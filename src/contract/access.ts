import { type RoleName, roles } from './roles';

/**
 * Which roles may open each admin page or API area. The app hides what a role may not
 * open; the server enforces the same table, and it remains the authority.
 */
export const access = {
  dashboard: [roles.admin, roles.athleticDirector],
  'design-logos': [roles.admin, roles.athleticDirector],
  merchandise: [roles.admin, roles.athleticDirector],
  orders: [roles.admin, roles.athleticDirector],
  users: [roles.admin],
  settings: [roles.admin],
  'promo-codes': [roles.admin],
  'email-template': [roles.admin],
  brands: [roles.admin],
  organizations: [roles.admin],
} as const satisfies Record<string, readonly RoleName[]>;

export type AccessArea = keyof typeof access;

export function canAccess(roleNamesOfUser: readonly string[] | undefined, area: string): boolean {
  const allowed: readonly string[] | undefined = access[area as AccessArea];
  if (!allowed || !roleNamesOfUser) return false;
  return allowed.some((role) => roleNamesOfUser.includes(role));
}

/** Where `/admin` sends a user: Admins to the dashboard, AthleticDirectors to their logos. */
export function homePathFor(roleNamesOfUser: readonly string[] | undefined) {
  if (roleNamesOfUser?.includes(roles.admin)) return '/admin/dashboard';
  if (roleNamesOfUser?.includes(roles.athleticDirector)) return '/admin/design-logos';
  return '/403';
}
