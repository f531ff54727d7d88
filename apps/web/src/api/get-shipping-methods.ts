import type { Page, ShippingMethod } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** GET /api/shipping-methods, loaded at start-up (SPEC §7) for the cart's shipping quote. */
export function getShippingMethods(): Promise<Page<ShippingMethod>> {
  return api.get<Page<ShippingMethod>>('/api/shipping-methods', { silent: true, query: { per_page: 100 } });
}

export function getShippingMethodsQueryOptions() {
  return queryOptions({
    queryKey: ['shipping-methods'],
    queryFn: getShippingMethods,
    staleTime: 60 * 60_000,
  });
}

export function useShippingMethods() {
  return useQuery(getShippingMethodsQueryOptions());
}
