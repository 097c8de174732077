export const roles = {
  admin: 'Admin',
  athleticDirector: 'AthleticDirector',
  /** A district's licensing representative: reviews the designs of the schools assigned to them. */
  reviewer: 'Reviewer',
} as const;

export type RoleName = (typeof roles)[keyof typeof roles];

/** Role options for the user form; `includesShop` decides whether an organization is asked for. */
export const roleOptions = [
  { value: roles.admin, label: 'Admin', includesShop: false },
  { value: roles.athleticDirector, label: 'Athletic Director', includesShop: true },
  // The schools a reviewer reviews are their review assignments, any number of them.
  { value: roles.reviewer, label: 'Reviewer', includesShop: false },
] as const;

export const roleNames: RoleName[] = roleOptions.map((option) => option.value);

export const isAdmin = (roleNamesOfUser: readonly string[] | undefined) =>
  Boolean(roleNamesOfUser?.includes(roles.admin));
