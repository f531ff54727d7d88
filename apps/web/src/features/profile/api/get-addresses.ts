import type { CustomerAddress, Page } from '@shop/domain';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-client';

/** GET /api/customers/{id}/addresses: the address book, billing then shipping. */
export async function getAddresses(customerId: number, signal?: AbortSignal): Promise<CustomerAddress[]> {
  return (await api.get<Page<CustomerAddress>>(`/api/customers/${customerId}/addresses`, { signal })).data;
}

export const addressesQueryKey = (customerId: number) => ['addresses', customerId] as const;

export function getAddressesQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: addressesQueryKey(customerId),
    queryFn: ({ signal }) => getAddresses(customerId, signal),
  });
}

export function useAddresses(customerId: number) {
  return useQuery(getAddressesQueryOptions(customerId));
}

/** After a write: the address book, and the signed-in user's and customer's copies the checkout offers. */
export function refreshAddressBook(queryClient: QueryClient, customerId: number): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: addressesQueryKey(customerId) }),
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['customers', customerId] }),
  ]);
}
