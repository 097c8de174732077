import { useQuery } from '@tanstack/react-query';
import type { DesignLogo, TrashedDesignLogo } from '../../../contract/design-logos';
import { http } from '../../providers';
import { type UploadProgress, uploadForm } from './upload';

export const logosQueryKey = (organizationId: number | null) => ['design-logos', organizationId] as const;

export function useDesignLogos(organizationId: number | null) {
  return useQuery({
    queryKey: logosQueryKey(organizationId),
    queryFn: ({ signal }) =>
      http<{ result: DesignLogo[] }>(`/api/design-logos?organizationId=${organizationId}`, { signal }),
    select: (body) => body.result,
    enabled: organizationId !== null,
  });
}

export const deleteDesignLogo = (id: number) => http(`/api/design-logos/${id}`, { method: 'DELETE' });

export function uploadDesignLogo(
  organizationId: number,
  file: File,
  onProgress?: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  form.append('ImageFile', file, file.name);
  return uploadForm<DesignLogo>(`/api/design-logos?OrganizationId=${organizationId}`, form, onProgress);
}

/** png or svg by type or name; the server checks the content, this only saves a round trip. */
export const isLogoFile = (file: File) =>
  ['image/png', 'image/svg+xml'].includes(file.type) || /\.(png|svg)$/i.test(file.name);

const logoTrashQueryKey = (organizationId: number | null) =>
  ['design-logos', organizationId, 'trash'] as const;

/** The organization's logos in the trash, the latest deleted first. */
export function useTrashedLogos(organizationId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: logoTrashQueryKey(organizationId),
    queryFn: ({ signal }) =>
      http<{ result: TrashedDesignLogo[] }>(`/api/design-logos/trash?organizationId=${organizationId}`, {
        signal,
      }),
    select: (body) => body.result,
    enabled: enabled && organizationId !== null,
  });
}

/** Restores (`restore-many`) or deletes forever (`purge-many`) trashed logos. */
export const changeTrashedLogos = (change: 'restore-many' | 'purge-many', ids: number[]) =>
  http(`/api/design-logos/${change}`, { method: 'POST', body: { ids } });
