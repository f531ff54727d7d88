import type { EInvoice, EInvoiceSendResult, Page } from '@shop/domain';
import { ApiError, api } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * Issue 21 points 3 and 4: the FatturaPA files of the back office (GET /api/backoffice/e-invoices),
 * their regeneration, sending to the SDI, the period's .zip and one document's XML.
 */
export const eInvoiceKeys = { list: ['bo', 'e-invoices'] as const };

export const listEInvoices = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<EInvoice>>('/api/backoffice/e-invoices', {
    query: {
      page: params.page,
      per_page: params.per_page,
      q: params.q,
      from: params.from,
      to: params.to,
      state: params.state,
    },
    signal,
  });

export const regenerateEInvoice = (id: number) =>
  api.post<EInvoice>(`/api/backoffice/e-invoices/${id}/regenerate`);

export const sendEInvoices = () => api.post<EInvoiceSendResult>('/api/backoffice/e-invoices/send', {});

/** The list and the orders (whose documents show the files' states) are read again. */
export const refreshEInvoices = () =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'bo' && ['e-invoices', 'orders'].includes(String(queryKey[1])),
  });

/** The period's files as one .zip (GET /api/backoffice/e-invoices/export), saved under the server's name. */
export function exportUrl(params: ListParams): string {
  const query = new URLSearchParams({ from: params.from ?? '', to: params.to ?? '' });
  if (params.state) query.set('state', params.state);
  return `/api/backoffice/e-invoices/export?${query}`;
}

/**
 * Fetches a file with the session cookie and saves it under the server's file name; the server's
 * refusal (422 for an empty period) comes back as an ApiError with its message.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(
      response.status,
      typeof body.message === 'string' ? body.message : `HTTP ${response.status}`,
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
