import type { CustomerCoupon, Page } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/customers/{id}/coupons: the coupons the customer holds, usable first. */
export async function getCoupons(customerId: number, signal?: AbortSignal): Promise<CustomerCoupon[]> {
  return (await api.get<Page<CustomerCoupon>>(`/api/customers/${customerId}/coupons`, { signal })).data;
}

export function getCouponsQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: ['coupons', customerId],
    queryFn: ({ signal }) => getCoupons(customerId, signal),
  });
}

export function useCoupons(customerId: number) {
  return useQuery(getCouponsQueryOptions(customerId));
}
