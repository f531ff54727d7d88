import type { Shop } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** Shown in titles and the navbar until the shop's own name has loaded. */
export const FALLBACK_SHOP_NAME = 'Sonora';

/** GET /api/shop, loaded at start-up (SPEC §7); its failure leaves the fallback name, no toast. */
export function getShop(): Promise<Shop> {
  return api.get<Shop>('/api/shop', { silent: true });
}

export function getShopQueryOptions() {
  return queryOptions({ queryKey: ['shop'], queryFn: getShop, staleTime: 60 * 60_000 });
}

export function useShop() {
  return useQuery(getShopQueryOptions());
}

/** The shop's name, or the fallback while it loads or when it failed. */
export function useShopName(): string {
  return useShop().data?.name || FALLBACK_SHOP_NAME;
}
