import type { Campaign, Page } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CampaignListFilter {
  category?: string | undefined;
  /** /new-campaign: the campaigns that started recently. */
  recent?: boolean;
}

/** GET /api/campaigns (public), by category or `new=1`. */
export function getCampaigns(filter: CampaignListFilter, signal?: AbortSignal) {
  return api.get<Page<Campaign>>('/api/campaigns', {
    query: { category: filter.category, new: filter.recent ? 1 : undefined },
    signal,
  });
}

export function getCampaignsQueryOptions(filter: CampaignListFilter) {
  return queryOptions({
    queryKey: ['campaigns', filter.category ?? null, Boolean(filter.recent)],
    queryFn: ({ signal }) => getCampaigns(filter, signal),
    select: (page) => page.data,
    staleTime: 60_000,
  });
}

export function useCampaigns(filter: CampaignListFilter) {
  return useQuery(getCampaignsQueryOptions(filter));
}
