import type { Customer } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** What the back-office customer picker reads of a customer. */
export type CustomerChoice = Pick<Customer, 'id' | 'type' | 'company' | 'firstname' | 'lastname' | 'email'>;

export interface CustomerPage {
  data: CustomerChoice[];
  meta: { total: number; page: number; per_page: number };
}

/** GET /api/customers?text= (SPEC §7, administrators): customers matching a name, company or e-mail. */
export function searchCustomers(text: string, signal?: AbortSignal): Promise<CustomerPage> {
  return api.get<CustomerPage>('/api/customers', { query: { text, per_page: 20 }, signal });
}

export function searchCustomersQueryOptions(text: string) {
  return queryOptions({
    queryKey: ['customers', 'search', text],
    queryFn: ({ signal }) => searchCustomers(text, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSearch(text: string) {
  return useQuery(searchCustomersQueryOptions(text));
}
