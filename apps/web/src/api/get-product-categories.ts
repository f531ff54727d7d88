import type { Category, Page } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/** GET /api/product-categories (public): the catalogue's categories with their subcategories. */
export function getProductCategories(): Promise<Page<Category>> {
  return api.get<Page<Category>>('/api/product-categories', { silent: true });
}

export function getProductCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['product-categories'],
    queryFn: getProductCategories,
    staleTime: 30 * 60_000,
    select: (page) => page.data,
  });
}

/** The navbar, the breadcrumbs and the facets share this one cached list; a failure leaves it empty. */
export function useProductCategories() {
  return useQuery(getProductCategoriesQueryOptions());
}
