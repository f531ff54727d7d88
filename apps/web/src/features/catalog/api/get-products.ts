import type { ProductCard } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ListState, productsApiQuery } from '../utils/list-query';

/** GET /api/products: one page of product cards, priced for the signed-in customer. */
export interface ProductPage {
  data: ProductCard[];
  meta: {
    total: number;
    page: number;
    per_page: number;
    total_is_estimate?: boolean;
    /** The corrected words these products are for, when the typed ones found nothing. */
    did_you_mean?: string;
  };
}

export function getProducts(state: ListState, signal?: AbortSignal): Promise<ProductPage> {
  return api.get<ProductPage>('/api/products', { query: productsApiQuery(state), signal });
}

export function getProductsQueryOptions(state: ListState) {
  const query = productsApiQuery(state);
  return queryOptions({
    queryKey: ['products', query],
    queryFn: ({ signal }) => getProducts(state, signal),
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });
}

export function useProducts(state: ListState) {
  return useQuery(getProductsQueryOptions(state));
}
