import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import type { RoleOption, User } from '../../../contract/users';
import { http } from '../../providers';

type Result<T> = { result: T };

export function useRoleOptions() {
  return useQuery({
    queryKey: ['users', 'roleOptions'],
    queryFn: ({ signal }) => http<Result<RoleOption[]>>('/api/users/roleOptions', { signal }),
    select: (body) => body.result,
    staleTime: 5 * 60_000,
  });
}

export interface UserFormValues {
  email: string;
  name: { firstName: string; middleName?: string | null; lastName: string; suffix?: string | null };
  userRoles: string[];
  organizationId?: number | null;
  contactInformation?: string | null;
  /** The version the form read (docs/decisions.md, "No lost update"). */
  version?: number;
}

/** The multipart body of `PUT users/with-photo/{id}`: dotted names for the name parts, one entry per role. */
export function userFormData(values: UserFormValues, photo: File) {
  const data = new FormData();
  data.append('email', values.email ?? '');
  for (const part of ['firstName', 'middleName', 'lastName', 'suffix'] as const) {
    const value = values.name?.[part];
    if (value) data.append(`name.${part}`, value);
  }
  for (const role of values.userRoles ?? []) data.append('userRoles', role);
  if (values.organizationId != null) data.append('organizationId', String(values.organizationId));
  if (values.contactInformation) data.append('contactInformation', values.contactInformation);
  if (values.version !== undefined) data.append('version', String(values.version));
  data.append('profilePhoto', photo);
  return data;
}

export const updateUserWithPhoto = (id: Identifier, values: UserFormValues, photo: File) =>
  http<Result<User>>(`/api/users/with-photo/${id}`, { method: 'PUT', body: userFormData(values, photo) });

export const setUserLocked = (id: Identifier, locked: boolean) =>
  http<Result<User>>(`/api/users/${id}/${locked ? 'lock' : 'unlock'}`, { method: 'PATCH' });

export const sendConfirmEmail = (email: string) =>
  http<Result<boolean>>('/api/users/sendConfirmEmail', { method: 'POST', body: { email } });
