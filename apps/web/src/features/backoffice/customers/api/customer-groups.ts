import type { CustomerGroup, CustomerGroupInput, Page } from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/** The back office's customer groups (SPEC §7 GET, POST /api/customer-groups; PUT /api/customer-groups/{id}). */
export const customerGroupKeys = {
  list: ['bo', 'customer-groups'] as const,
  detail: (id: string) => ['bo', 'customer-groups', 'detail', id] as const,
};

/** The list's search box is the API's `text`; sort, direction and page pass as they are. */
export const listCustomerGroups = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<CustomerGroup>>('/api/customer-groups', {
    query: {
      page: params.page,
      per_page: params.per_page,
      text: params.q,
      sort: params.sort,
      dir: params.dir,
    },
    signal,
  });

export const getCustomerGroup = (id: string, signal?: AbortSignal) =>
  api.get<CustomerGroup>(`/api/customer-groups/${id}`, { signal });

export const saveCustomerGroup = (id: number | undefined, body: CustomerGroupInput) =>
  id
    ? api.put<CustomerGroup>(`/api/customer-groups/${id}`, body)
    : api.post<CustomerGroup>('/api/customer-groups', body);
