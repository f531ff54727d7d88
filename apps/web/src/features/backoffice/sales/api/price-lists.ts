import type {
  CustomerListItem,
  Page,
  PriceList,
  PriceListInput,
  PriceListRow,
  PriceListRowInput,
  PriceTiers,
  PriceTiersInput,
} from '@shop/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';
import { customerName } from './orders';

/**
 * Contract price lists and volume tiers (issue 20 point 4): GET, POST /api/price-lists, GET, PUT,
 * DELETE /api/price-lists/{id}, GET, POST /api/price-lists/{id}/rows, PUT, DELETE
 * /api/price-list-rows/{id}, GET, PUT /api/products/{id}/price-tiers.
 */
export const priceListKeys = {
  list: ['bo', 'price-lists'] as const,
  detail: (id: string) => ['bo', 'price-list', id] as const,
  rows: (id: number) => ['bo', 'price-list', id, 'rows'] as const,
  tiers: (productId: number) => ['bo', 'product', productId, 'price-tiers'] as const,
  customers: (text: string) => ['bo', 'customers', 'choices', text] as const,
};

export const listPriceLists = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<PriceList>>('/api/price-lists', { query: params, signal });

export const getPriceList = (id: string, signal?: AbortSignal) =>
  api.get<PriceList>(`/api/price-lists/${id}`, { signal });

export const savePriceList = (id: number | undefined, body: PriceListInput) =>
  id ? api.put<PriceList>(`/api/price-lists/${id}`, body) : api.post<PriceList>('/api/price-lists', body);

export const deletePriceList = (id: number) => api.delete<void>(`/api/price-lists/${id}`);

export const listPriceListRows = (id: number, params: ListParams, signal?: AbortSignal) =>
  api.get<Page<PriceListRow>>(`/api/price-lists/${id}/rows`, { query: params, signal });

/** Adds a row to the list, or changes the row `rowId`. */
export const savePriceListRow = (listId: number, rowId: number | undefined, body: PriceListRowInput) =>
  rowId
    ? api.put<PriceListRow>(`/api/price-list-rows/${rowId}`, body)
    : api.post<PriceListRow>(`/api/price-lists/${listId}/rows`, body);

export const deletePriceListRow = (rowId: number) => api.delete<void>(`/api/price-list-rows/${rowId}`);

export const getPriceTiers = (productId: number, signal?: AbortSignal) =>
  api.get<PriceTiers>(`/api/products/${productId}/price-tiers`, { signal });

export const savePriceTiers = (productId: number, body: PriceTiersInput) =>
  api.put<PriceTiers>(`/api/products/${productId}/price-tiers`, body);

/** Customers matching what is typed in the picker (GET /api/customers?text=…, the first 20). */
export function useCustomerSearch(text: string) {
  const { data } = useQuery({
    queryKey: priceListKeys.customers(text),
    queryFn: ({ signal }) =>
      api.get<Page<CustomerListItem>>('/api/customers', {
        query: { per_page: 20, ...(text ? { text } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return (data?.data ?? []).map((c) => ({ value: String(c.id), label: `${customerName(c)} (${c.email})` }));
}
