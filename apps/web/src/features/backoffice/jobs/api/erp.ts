import type { ErpStatus, ErpSync } from '@shop/domain';
import { api } from '../../../../lib/api-client';

/**
 * The ERP synchronisation as the back office shows it (SPEC §1, DESIGN §8): whether it is on, an order's
 * or a customer's syncs with their attempts, and 'Re-send to ERP' for an order.
 */
export type ErpSubject = { kind: 'order'; orderNo: string } | { kind: 'customer'; id: number };

export const erpKeys = {
  status: ['bo', 'erp', 'status'] as const,
  syncs: (subject: ErpSubject) =>
    ['bo', 'erp', 'syncs', subject.kind === 'order' ? subject.orderNo : subject.id] as const,
};

export const getErpStatus = (signal?: AbortSignal) => api.get<ErpStatus>('/api/erp/status', { signal });

const syncsPath = (subject: ErpSubject) =>
  subject.kind === 'order'
    ? `/api/orders/${encodeURIComponent(subject.orderNo)}/erp-syncs`
    : `/api/customers/${subject.id}/erp-syncs`;

export const listErpSyncs = (subject: ErpSubject, signal?: AbortSignal) =>
  api.get<ErpSync[]>(syncsPath(subject), { signal });

export const resendOrderToErp = (orderNo: string) =>
  api.post<ErpSync>(`/api/orders/${encodeURIComponent(orderNo)}/erp-sync`, undefined, { silent: true });
