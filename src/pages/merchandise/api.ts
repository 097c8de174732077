import { useQuery } from '@tanstack/react-query';
import type { Organization } from '../../../contract/definitions/organizations';
import type {
  BaseApparel,
  MerchandiseProduct,
  MerchandiseUpdate,
  TrashedProduct,
} from '../../../contract/merchandise';
import type { Placement } from '../../../contract/composition';
import type { Layer } from '../../../contract/text';
import { isAdmin } from '../../../contract/roles';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { http, session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { apparelQueriesKey } from '../base-apparel/api';
import { uploadForm } from '../design-logos/upload';

/** Products shown in the gallery and the 'Created Merchandise' list. */
const maxProductCount = 100;

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

/** Polling starts quick and slows down the longer the youngest product has been processing. */
export const minPollMs = 2_000;
export const maxPollMs = 30_000;

/**
 * How long to wait before asking again for products still processing, or false when none
 * is: a product usually finishes within seconds, and one that does not is probably waiting
 * on a retry with backoff, so there is no point asking as often.
 */
export function pollDelay(products: MerchandiseProduct[], now: number): number | false {
  const processing = products.filter((product) => product.status === 'processing');
  if (processing.length === 0) return false;
  const youngest = Math.min(...processing.map((product) => now - Date.parse(product.createdAt)));
  return Math.min(maxPollMs, Math.max(minPollMs, youngest / 4));
}

/** The organization's products; they update by themselves while any is processing. */
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
    refetchInterval: (query) => pollDelay(query.state.data?.result.products ?? [], Date.now()),
  });
}

export const baseApparelQueryKey = (organizationId: number | null) =>
  [...apparelQueriesKey, organizationId] as const;

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
  /** Only from the studio; the one-click Create leaves the placement to the server. */
  placement?: Placement;
  /** Further artwork from the studio, such as the logo on the back. */
  layers?: Layer[];
  /** The apparel colours it is sold in, from the studio. */
  colourIds?: number[];
}

export function createMerchandise(product: NewProduct) {
  const form = new FormData();
  form.append('Title', product.title);
  form.append('Description', product.description);
  form.append('Price', product.price.toFixed(2));
  form.append('LogoId', String(product.logoId));
  form.append('BaseApparelId', String(product.baseApparelId));
  form.append('OrganizationId', String(product.organizationId));
  if (product.placement) {
    form.append('PlacementX', String(product.placement.x));
    form.append('PlacementY', String(product.placement.y));
    form.append('PlacementWidth', String(product.placement.width));
    form.append('PlacementRotation', String(product.placement.rotation));
  }
  if (product.layers?.length) form.append('Layers', JSON.stringify(product.layers));
  if (product.colourIds?.length) form.append('ColourIds', product.colourIds.join(','));
  form.append('ImageFile', product.image, 'merchandise.png');
  return uploadForm<MerchandiseProduct>('/api/merchandise/create-merchandise-by-organization', form);
}

export const updateProduct = (id: number, fields: MerchandiseUpdate) =>
  http<{ result: MerchandiseProduct }>(`/api/merchandise/${id}`, { method: 'PUT', body: fields });

export const archiveProduct = (id: number, version: number) =>
  http(`/api/merchandise/${id}/archive?version=${version}`, { method: 'POST' });

export const retryProduct = (id: number) => http(`/api/merchandise/${id}/retry`, { method: 'POST' });

/** Under the gallery's key, so a change to products refetches it too. */
const productTrashQueryKey = (organizationId: number | null) =>
  ['merchandise', organizationId, 'trash'] as const;

/** The organization's products in the trash (archived), the latest first. */
export function useTrashedProducts(organizationId: number | null) {
  return useQuery({
    queryKey: productTrashQueryKey(organizationId),
    queryFn: ({ signal }) =>
      http<{ result: TrashedProduct[] }>(`/api/merchandise/trash?organizationId=${organizationId}`, {
        signal,
      }),
    select: (body) => body.result,
    enabled: organizationId !== null,
  });
}

/** Restores (`restore-many`) or deletes forever (`purge-many`) trashed products. */
export const changeTrashedProducts = (change: 'restore-many' | 'purge-many', ids: number[]) =>
  http(`/api/merchandise/${change}`, { method: 'POST', body: { ids } });
