import type { ProductDetail } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/products/{sku}: the product with its attributes, images and variants, priced for the customer. */
export function getProduct(sku: string, signal?: AbortSignal): Promise<ProductDetail> {
  return api.get<ProductDetail>(`/api/products/${encodeURIComponent(sku)}`, { signal });
}

export function getProductQueryOptions(sku: string) {
  return queryOptions({
    queryKey: ['product', sku],
    queryFn: ({ signal }) => getProduct(sku, signal),
  });
}

export function useProduct(sku: string) {
  return useQuery(getProductQueryOptions(sku));
}
