import type { ShippingMethod, ShippingMethodWrite } from '@shop/domain';
import { getShippingMethods, getShippingMethodsQueryOptions } from '../../../../api/get-shipping-methods';
import { api } from '../../../../lib/api-client';

/**
 * The back office's shipping methods (SPEC §7 GET, POST /api/shipping-methods; GET, PUT
 * /api/shipping-methods/{id}). The list is the storefront's start-up read (two methods, answered whole).
 */
export const shippingMethodKeys = {
  list: ['bo', 'shipping-methods'] as const,
  detail: (id: string) => ['bo', 'shipping-methods', 'detail', id] as const,
  /** What the storefront cached at start-up and the cart quotes: stale once a method changes. */
  storefront: [getShippingMethodsQueryOptions().queryKey, ['cart-quote']] as const,
};

export const listShippingMethods = async () => (await getShippingMethods()).data;

export const getShippingMethod = (id: string, signal?: AbortSignal) =>
  api.get<ShippingMethod>(`/api/shipping-methods/${id}`, { signal });

export const saveShippingMethod = (id: number | undefined, body: ShippingMethodWrite) =>
  id
    ? api.put<ShippingMethod>(`/api/shipping-methods/${id}`, body)
    : api.post<ShippingMethod>('/api/shipping-methods', body);
