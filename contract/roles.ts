export const roles = {
  admin: 'Admin',
  athleticDirector: 'AthleticDirector',
} as const;

export type RoleName = (typeof roles)[keyof typeof roles];

/** Role options for the user form; `includesShop` decides whether an organization is asked for. */
export const roleOptions = [
  { value: roles.admin, label: 'Admin', includesShop: false },
  { value: roles.athleticDirector, label: 'Athletic Director', includesShop: true },
] as const;

export const roleNames: RoleName[] = roleOptions.map((option) => option.value);

export const isAdmin = (roleNamesOfUser: readonly string[] | undefined) =>
  Boolean(roleNamesOfUser?.includes(roles.admin));
