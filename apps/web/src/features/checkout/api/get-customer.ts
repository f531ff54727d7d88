import type { Customer } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/customers/{id} (administrators): the customer with their addresses, for the back-office checkout. */
export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return api.get<Customer>(`/api/customers/${id}`, { signal });
}

export function getCustomerQueryOptions(id: number) {
  return queryOptions({ queryKey: ['customers', id], queryFn: ({ signal }) => getCustomer(id, signal) });
}

export function useCustomer(id: number | null) {
  return useQuery({ ...getCustomerQueryOptions(id ?? 0), enabled: id !== null });
}
