import type { CampaignDetail } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/campaigns/{id}: the campaign and one page of its products at campaign prices (none for visitors). */
export const CAMPAIGN_PER_PAGE = 24;

export function getCampaign(id: number, page: number, signal?: AbortSignal): Promise<CampaignDetail> {
  return api.get<CampaignDetail>(`/api/campaigns/${id}`, {
    query: { page, per_page: CAMPAIGN_PER_PAGE },
    signal,
  });
}

export function getCampaignQueryOptions(id: number, page: number, userId: number | null) {
  return queryOptions({
    queryKey: ['campaign', id, page, userId],
    queryFn: ({ signal }) => getCampaign(id, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCampaign(id: number, page: number, userId: number | null) {
  return useQuery(getCampaignQueryOptions(id, page, userId));
}
