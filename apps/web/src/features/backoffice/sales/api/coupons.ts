import type { Coupon, CouponEditInput, CouponOrder, Page } from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * Coupons managed by staff (issue 20 point 5): GET, POST /api/coupons, GET, PUT, DELETE
 * /api/coupons/{id}, GET /api/coupons/{id}/orders (the orders that used it).
 */
export const couponKeys = {
  list: ['bo', 'coupons'] as const,
  detail: (id: string) => ['bo', 'coupon', id] as const,
  orders: (id: number) => ['bo', 'coupon', id, 'orders'] as const,
};

export const listCoupons = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<Coupon>>('/api/coupons', { query: params, signal });

export const getCoupon = (id: string, signal?: AbortSignal) =>
  api.get<Coupon>(`/api/coupons/${id}`, { signal });

export const saveCoupon = (id: number | undefined, body: CouponEditInput) =>
  id ? api.put<Coupon>(`/api/coupons/${id}`, body) : api.post<Coupon>('/api/coupons', body);

export const deleteCoupon = (id: number) => api.delete<void>(`/api/coupons/${id}`);

export const listCouponOrders = (id: number, signal?: AbortSignal) =>
  api.get<Page<CouponOrder>>(`/api/coupons/${id}/orders`, { signal });
