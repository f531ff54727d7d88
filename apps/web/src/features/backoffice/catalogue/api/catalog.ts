import type {
  AttributeTag,
  AttributeTagInput,
  Brand,
  BrandInput,
  Category,
  CategoryInput,
  Currency,
  CurrencyInput,
  Subcategory,
  SubcategoryInput,
  Uom,
  UomInput,
  Vat,
  VatInput,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../../lib/api-client';

/**
 * The catalogue structure's calls (SPEC §7 Catalogue): categories, subcategories, attribute tags,
 * brands, units of measure, VAT rates, currencies. Their lists are short and answered whole.
 */
type Envelope<T> = { data: T[] };

export const catalogKeys = {
  categories: ['bo', 'categories'] as const,
  subcategories: ['bo', 'subcategories'] as const,
  brands: ['bo', 'brands'] as const,
  uoms: ['bo', 'uoms'] as const,
  vats: ['bo', 'vats'] as const,
  currencies: ['bo', 'currencies'] as const,
  tags: (owner: TagOwner) => ['bo', 'attribute-tags', owner.kind, owner.id] as const,
};

const all = async <T>(path: string, signal?: AbortSignal) =>
  (await api.get<Envelope<T>>(path, { signal })).data;

export const listCategories = (signal?: AbortSignal) => all<Category>('/api/product-categories', signal);
export const getCategory = (id: string, signal?: AbortSignal) =>
  api.get<Category>(`/api/product-categories/${id}`, { signal });
export const saveCategory = (id: number | undefined, body: CategoryInput) =>
  id
    ? api.put<Category>(`/api/product-categories/${id}`, body)
    : api.post<Category>('/api/product-categories', body);

export const listSubcategories = (signal?: AbortSignal) =>
  all<Subcategory>('/api/product-subcategories', signal);
export const getSubcategory = (id: string, signal?: AbortSignal) =>
  api.get<Subcategory>(`/api/product-subcategories/${id}`, { signal });
export const saveSubcategory = (id: number | undefined, body: SubcategoryInput) =>
  id
    ? api.put<Subcategory>(`/api/product-subcategories/${id}`, body)
    : api.post<Subcategory>('/api/product-subcategories', body);

export interface TagOwner {
  kind: 'category' | 'subcategory';
  id: number;
}
const tagsPath = (owner: TagOwner) => `/api/product-${owner.kind}/${owner.id}/attribute-tags`;

/** A subcategory without tags may answer 404: that reads as no tags (SPEC §7). */
export async function listAttributeTags(owner: TagOwner, signal?: AbortSignal): Promise<AttributeTag[]> {
  try {
    return (
      await api.get<Envelope<AttributeTag>>(tagsPath(owner), { signal, silent: owner.kind === 'subcategory' })
    ).data;
  } catch (error) {
    if (owner.kind === 'subcategory' && error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
export const saveAttributeTag = (owner: TagOwner, id: number | undefined, body: AttributeTagInput) =>
  id
    ? api.put<AttributeTag>(`/api/attribute-tags/${id}`, body)
    : api.post<AttributeTag>(tagsPath(owner), body);
export const deleteAttributeTag = (id: number) => api.delete<void>(`/api/attribute-tags/${id}`);

export const listBrands = (signal?: AbortSignal) => all<Brand>('/api/product-brands', signal);
export const getBrand = (id: string, signal?: AbortSignal) =>
  api.get<Brand>(`/api/product-brands/${id}`, { signal });
export const saveBrand = (id: number | undefined, body: BrandInput) =>
  id ? api.put<Brand>(`/api/product-brands/${id}`, body) : api.post<Brand>('/api/product-brands', body);

export const listUoms = (signal?: AbortSignal) => all<Uom>('/api/uoms', signal);
export const saveUom = (id: number | undefined, body: UomInput) =>
  id ? api.put<Uom>(`/api/uoms/${id}`, body) : api.post<Uom>('/api/uoms', body);

export const listVats = (signal?: AbortSignal) => all<Vat>('/api/vats', signal);
export const getVat = (id: string, signal?: AbortSignal) => api.get<Vat>(`/api/vats/${id}`, { signal });
export const saveVat = (id: number | undefined, body: VatInput) =>
  id ? api.put<Vat>(`/api/vats/${id}`, body) : api.post<Vat>('/api/vats', body);

export const listCurrencies = (signal?: AbortSignal) => all<Currency>('/api/currencies', signal);
export const getCurrency = (id: string, signal?: AbortSignal) =>
  api.get<Currency>(`/api/currencies/${id}`, { signal });
export const saveCurrency = (id: number | undefined, body: CurrencyInput) =>
  id ? api.put<Currency>(`/api/currencies/${id}`, body) : api.post<Currency>('/api/currencies', body);

/** Choices for selects: `{ value: id, label: 'CODE – description' }`. */
function useChoices<T extends { id: number; code?: string; description: string }>(
  key: readonly unknown[],
  load: (signal?: AbortSignal) => Promise<T[]>,
) {
  const { data } = useQuery({ queryKey: key, queryFn: ({ signal }) => load(signal), staleTime: 60_000 });
  return (data ?? []).map((row) => ({
    value: String(row.id),
    label: row.code ? `${row.code} – ${row.description}` : row.description,
  }));
}

export const useCategoryChoices = () => useChoices(catalogKeys.categories, listCategories);
export const useSubcategoryChoices = () => useChoices(catalogKeys.subcategories, listSubcategories);
export const useBrandChoices = () => useChoices(catalogKeys.brands, listBrands);
export const useUomChoices = () => useChoices(catalogKeys.uoms, listUoms);
export function useVatChoices() {
  const { data } = useQuery({
    queryKey: catalogKeys.vats,
    queryFn: ({ signal }) => listVats(signal),
    staleTime: 60_000,
  });
  return (data ?? []).map((vat) => ({
    value: String(vat.id),
    label: `${vat.rate / 100}% – ${vat.description}`,
  }));
}
/** Subcategories of one category (the product list's dependent filter). */
export function useSubcategoriesOf(categoryId: string | undefined) {
  const { data } = useQuery({
    queryKey: catalogKeys.subcategories,
    queryFn: ({ signal }) => listSubcategories(signal),
    staleTime: 60_000,
  });
  return (data ?? [])
    .filter((s) => !categoryId || String(s.category_id) === categoryId)
    .map((s) => ({ value: String(s.id), label: `${s.code} – ${s.description}` }));
}
