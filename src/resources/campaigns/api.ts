import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CampaignProduct,
  CampaignProductInput,
  campaignCandidateSchema,
  CloseOut,
} from '../../../contract/campaigns';
import { campaigns } from '../../../contract/definitions/campaigns';
import { http } from '../../providers';

export type Candidate = z.infer<typeof campaignCandidateSchema>;

/**
 * Keys under the resource's name: the change stream refetches them when any campaign changes (a
 * step taken elsewhere, the clock closing the window), as it does the resource's lists.
 */
export const campaignKeys = {
  products: (id: number) => [campaigns.name, id, 'products'] as const,
  candidates: (id: number) => [campaigns.name, id, 'candidates'] as const,
  closeOut: (id: number) => [campaigns.name, id, 'close-out'] as const,
};

export const useCampaignProducts = (id: number) =>
  useQuery({
    queryKey: campaignKeys.products(id),
    queryFn: ({ signal }) => http<{ result: CampaignProduct[] }>(`/api/campaigns/${id}/products`, { signal }),
    select: (body) => body.result,
  });

export const useCandidates = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.candidates(id),
    queryFn: ({ signal }) => http<{ result: Candidate[] }>(`/api/campaigns/${id}/candidates`, { signal }),
    select: (body) => body.result,
    enabled,
  });

export const saveProducts = (id: number, products: CampaignProductInput[]) =>
  http<{ result: CampaignProduct[] }>(`/api/campaigns/${id}/products`, {
    method: 'PUT',
    body: { products },
  });

/** Queues the package's job again; the answer is the close-out with the package building. */
export const rebuildPackage = (id: number) =>
  http<{ result: CloseOut }>(`/api/campaigns/${id}/close-out/package`, { method: 'POST' });

/** How often a package being built is asked after, and for how long at most (then the change stream or a reload). */
const packagePoll = { everyMs: 3_000, times: 100 } as const;

export const useCloseOut = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: campaignKeys.closeOut(id),
    queryFn: ({ signal }) => http<{ result: CloseOut }>(`/api/campaigns/${id}/close-out`, { signal }),
    select: (body) => body.result,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.result.package.status === 'building' &&
      query.state.dataUpdateCount < packagePoll.times
        ? packagePoll.everyMs
        : false,
  });

export const packageUrl = (id: number) => `/api/campaigns/${id}/close-out/package`;
