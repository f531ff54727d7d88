import type { CategoryCode } from '@shop/domain';
import { useProductCategories } from '../../../api/get-product-categories';
import { type CategoryMenuLinks, categoryMenuLinks } from './category-links';

/** One category's menu links, with its subcategories from GET /api/product-categories once loaded. */
export function useCategoryMenuLinks(code: CategoryCode): CategoryMenuLinks {
  const { data: categories } = useProductCategories();
  const category = categories?.find((c) => c.code === code);
  return categoryMenuLinks(code, category?.subcategories);
}
