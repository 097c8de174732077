import { useQuery } from '@tanstack/react-query';
import type { Organization } from '../../contract/organizations';
import type { BaseApparel, MerchandiseProduct } from '../../contract/merchandise';
import { isAdmin } from '../../contract/roles';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { http, session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { uploadForm } from '../design-logos/upload';

/** Products shown in the gallery and the 'Created Merchandise' list. */
export const maxProductCount = 100;

/** The selected organization's guid: a director's own, or looked up for an Admin's choice. */
export function useOrganizationGuid() {
  const { user } = useAuthState(session);
  const { organizationId } = useSelectedOrganization();
  const admin = isAdmin(user?.roleNames);
  const { data } = useQuery({
    queryKey: ['organizations', organizationId],
    queryFn: ({ signal }) =>
      http<{ result: Organization }>(`/api/organizations/${organizationId}`, { signal }),
    select: (body) => body.result,
    enabled: admin && organizationId !== null,
    staleTime: 60_000,
  });
  if (organizationId === null) return { organizationId, organizationGuid: null };
  return {
    organizationId,
    organizationGuid: admin ? (data?.guid ?? null) : (user?.organizationGuid ?? null),
  };
}

export const merchandiseQueryKey = (organizationGuid: string | null) =>
  ['merchandise', organizationGuid] as const;

export interface MerchandiseBody {
  result: { products: MerchandiseProduct[]; spiritShopAddress: string | null };
}

export function useMerchandise(organizationGuid: string | null) {
  return useQuery({
    queryKey: merchandiseQueryKey(organizationGuid),
    queryFn: ({ signal }) =>
      http<MerchandiseBody>(
        `/api/merchandise/merchandise-by-organization?organizationGuid=${organizationGuid}&maxProductCount=${maxProductCount}`,
        { signal },
      ),
    select: (body) => body.result,
    enabled: organizationGuid !== null,
  });
}

export const baseApparelQueryKey = (organizationId: number | null) =>
  ['base-apparel', organizationId] as const;

export function useBaseApparel(organizationId: number | null) {
  return useQuery({
    queryKey: baseApparelQueryKey(organizationId),
    queryFn: ({ signal }) =>
      http<{ result: { products: BaseApparel[] } }>(
        `/api/merchandise/base-apparel?organizationId=${organizationId}`,
        {
          signal,
        },
      ),
    select: (body) => body.result.products,
    enabled: organizationId !== null,
  });
}

export interface NewProduct {
  title: string;
  description: string;
  price: number;
  logoId: number;
  baseApparelId: number;
  organizationId: number;
  image: Blob;
}

export function createMerchandise(product: NewProduct) {
  const form = new FormData();
  form.append('Title', product.title);
  form.append('Description', product.description);
  form.append('Price', product.price.toFixed(2));
  form.append('LogoId', String(product.logoId));
  form.append('BaseApparelId', String(product.baseApparelId));
  form.append('OrganizationId', String(product.organizationId));
  form.append('ImageFile', product.image, 'merchandise.png');
  return uploadForm<MerchandiseProduct>('/api/merchandise/create-merchandise-by-organization', form);
}
