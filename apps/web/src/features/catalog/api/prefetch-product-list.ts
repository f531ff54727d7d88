import { queryClient } from '../../../lib/query-client';
import { parseListQuery } from '../utils/list-query';
import { getProductFacetsQueryOptions } from './get-product-facets';
import { getProductsQueryOptions } from './get-products';

/**
 * Starts loading a product list's page and facets as soon as the router matches /products, while
 * the page's own code is still downloading (the list's largest contentful paint waits for it).
 */
export function prefetchProductList(searchParams: URLSearchParams): void {
  const state = parseListQuery(searchParams);
  void queryClient.prefetchQuery(getProductsQueryOptions(state));
  void queryClient.prefetchQuery(getProductFacetsQueryOptions(state));
}
