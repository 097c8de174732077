import { useQuery } from '@tanstack/react-query';
import type { Option } from '../../contract/common';
import { http } from '../providers';

const organizationOptionsKey = ['organizations', 'options'] as const;

/** `GET organizations/options` (Admin only): the organizations an Admin may choose. */
export function useOrganizationOptions(enabled = true) {
  return useQuery({
    queryKey: organizationOptionsKey,
    queryFn: ({ signal }) => http<{ result: Option[] }>('/api/organizations/options', { signal }),
    select: (body) => body.result,
    enabled,
    staleTime: 60_000,
  });
}
