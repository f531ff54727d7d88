import type { CustomerGroup, DiscountRule, DiscountRuleWrite, Page } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/** The discount rules' calls (SPEC §7: GET, POST /api/discount-rules; GET, PUT, DELETE …/{id}). */
export const discountRuleKeys = {
  list: ['bo', 'discount-rules'] as const,
  detail: (id: string) => ['bo', 'discount-rule', id] as const,
  customerGroups: ['bo', 'customer-groups', 'choices'] as const,
};

/**
 * GET /api/discount-rules from the list's URL. The group filter is `customer_group_id` in the URL, as
 * the Excel export names it, and `customerGroup` in the API (SPEC §7).
 */
export function listDiscountRules(params: ListParams, signal?: AbortSignal) {
  const { customer_group_id: customerGroup, ...rest } = params;
  return api.get<Page<DiscountRule>>('/api/discount-rules', { query: { ...rest, customerGroup }, signal });
}

export const getDiscountRule = (id: string, signal?: AbortSignal) =>
  api.get<DiscountRule>(`/api/discount-rules/${id}`, { signal });

export const saveDiscountRule = (id: number | undefined, body: DiscountRuleWrite) =>
  id
    ? api.put<DiscountRule>(`/api/discount-rules/${id}`, body)
    : api.post<DiscountRule>('/api/discount-rules', body);

export const deleteDiscountRule = (id: number) => api.delete<void>(`/api/discount-rules/${id}`);

/** The customer groups as select choices (GET /api/customer-groups, a hundred at most: groups are few). */
export function useCustomerGroupChoices() {
  const { data } = useQuery({
    queryKey: discountRuleKeys.customerGroups,
    queryFn: ({ signal }) =>
      api.get<Page<CustomerGroup>>('/api/customer-groups', { query: { per_page: 100 }, signal }),
    staleTime: 60_000,
  });
  return (data?.data ?? []).map((g) => ({ value: String(g.id), label: `${g.code} – ${g.description}` }));
}
