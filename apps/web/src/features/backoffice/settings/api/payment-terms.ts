import type { Page, PaymentTerms, PaymentTermsInput } from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * The payment terms' calls (issue 20: GET, POST /api/payment-terms; GET, PUT, DELETE …/{id}). The list
 * key prefixes the customer and group forms' choices (./payment-terms-choices.ts), so a save refreshes them.
 */
export const paymentTermsKeys = {
  list: ['bo', 'payment-terms'] as const,
  detail: (id: string) => ['bo', 'payment-terms', 'detail', id] as const,
};

/** The list's search box is the API's `text`; sort, direction and page pass as they are. */
export const listPaymentTerms = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<PaymentTerms>>('/api/payment-terms', {
    query: {
      page: params.page,
      per_page: params.per_page,
      text: params.q,
      sort: params.sort,
      dir: params.dir,
    },
    signal,
  });

export const getPaymentTerms = (id: string, signal?: AbortSignal) =>
  api.get<PaymentTerms>(`/api/payment-terms/${id}`, { signal });

export const savePaymentTerms = (id: number | undefined, body: PaymentTermsInput) =>
  id
    ? api.put<PaymentTerms>(`/api/payment-terms/${id}`, body)
    : api.post<PaymentTerms>('/api/payment-terms', body);

export const deletePaymentTerms = (id: number) => api.delete<void>(`/api/payment-terms/${id}`);
