import type {
  AdminProduct,
  BackofficeProductPage,
  ProductAttributes,
  ProductImage,
  ProductInput,
  ProductPage,
  ProductPurchase,
  ProductSales,
  ProductStock,
  ProductUpdate,
  StockInput,
  VariantInput,
  VariantUpdate,
} from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';
import { uploadWithProgress } from './upload';

/** The back office's product calls (SPEC §7 products, variants, attributes; the product tabs of §2). */
export const productKeys = {
  list: ['bo', 'products'] as const,
  detail: (sku: string) => ['bo', 'product', sku] as const,
  tab: (id: number, tab: string) => ['bo', 'product', id, tab] as const,
};

/** GET /api/backoffice/products: search, filters, sort and page from the list's URL. */
export const listProducts = (params: ListParams, signal?: AbortSignal) =>
  api.get<BackofficeProductPage>('/api/backoffice/products', { query: params, signal });

/** GET /api/products/{sku}: an administrator gets the admin product as `admin`. */
export async function getAdminProduct(sku: string, signal?: AbortSignal): Promise<AdminProduct> {
  const page = await api.get<ProductPage>(`/api/products/${encodeURIComponent(sku)}`, { signal });
  if (!page.admin) throw new Error('admin product missing');
  return page.admin;
}

export const createProduct = (body: ProductInput) => api.post<AdminProduct>('/api/products', body);
export const updateProduct = (id: number, body: ProductUpdate) =>
  api.put<AdminProduct>(`/api/products/${id}`, body);

export const listVariants = async (id: number, signal?: AbortSignal) =>
  (await api.get<{ data: AdminProduct[] }>(`/api/products/${id}/variants`, { signal })).data;
export const createVariant = (id: number, body: VariantInput) =>
  api.post<AdminProduct>(`/api/products/${id}/variants`, body);
export const updateVariant = (id: number, body: VariantUpdate) =>
  api.put<AdminProduct>(`/api/variants/${id}`, body);
export const setDefaultVariant = (id: number, variantId: number) =>
  api.patch<AdminProduct>(`/api/products/${id}/set-default-variant`, { variant_id: variantId });

const attributesPath = (id: number, variant: boolean) =>
  `/api/${variant ? 'product-variant' : 'product'}/${id}/attributes`;
export const getAttributes = (id: number, variant: boolean, signal?: AbortSignal) =>
  api.get<ProductAttributes>(attributesPath(id, variant), { signal });
export const saveAttributes = (id: number, variant: boolean, attributes: Record<string, string | null>) =>
  api.post<ProductAttributes>(attributesPath(id, variant), { attributes });

export const listStocks = async (id: number, signal?: AbortSignal) =>
  (await api.get<{ data: ProductStock[] }>(`/api/products/${id}/stocks`, { signal })).data;
export const saveStock = async (id: number, warehouseId: number, body: StockInput) =>
  (await api.put<{ data: ProductStock[] }>(`/api/products/${id}/stocks/${warehouseId}`, body)).data;

export const getPurchase = (id: number, signal?: AbortSignal) =>
  api.get<ProductPurchase>(`/api/products/${id}/purchase`, { signal });
export const getSales = (id: number, signal?: AbortSignal) =>
  api.get<ProductSales>(`/api/products/${id}/sales`, { query: { months: 12 }, signal });

type Images = { data: ProductImage[] };
export const listImages = async (id: number, signal?: AbortSignal) =>
  (await api.get<Images>(`/api/products/${id}/images`, { signal })).data;
export async function uploadImages(id: number, files: File[], onProgress: (fraction: number) => void) {
  const data = new FormData();
  for (const file of files) data.append('files', file);
  return (await uploadWithProgress<Images>(`/api/products/${id}/images`, data, onProgress)).data;
}
export const reorderImages = async (id: number, ids: number[]) =>
  (await api.put<Images>(`/api/products/${id}/images/order`, { ids })).data;
export const setCover = async (id: number, imageId: number) =>
  (await api.patch<Images>(`/api/products/${id}/images/${imageId}/cover`)).data;
export const deleteImage = async (id: number, imageId: number) =>
  (await api.delete<Images>(`/api/products/${id}/images/${imageId}`)).data;

/** POST /api/images/upload: a brand's logo; answers the stored path. */
export function uploadLogo(file: File, onProgress: (fraction: number) => void) {
  const data = new FormData();
  data.append('file', file);
  return uploadWithProgress<{ path: string; url: string; thumb_url: string }>(
    '/api/images/upload',
    data,
    onProgress,
  );
}
