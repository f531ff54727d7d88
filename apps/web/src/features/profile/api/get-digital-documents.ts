import type { DigitalDocuments, DocumentType } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const DOCUMENTS_PER_PAGE = 20;

export type DigitalDocumentsParams = {
  type: DocumentType;
  /** null: the latest year with documents of the type, as the server picks it. */
  year: number | null;
  page: number;
};

/** GET /api/customers/{id}/digital-documents: one type's documents of a year, and every type's years. */
export function getDigitalDocuments(
  customerId: number,
  params: DigitalDocumentsParams,
  signal?: AbortSignal,
) {
  return api.get<DigitalDocuments>(`/api/customers/${customerId}/digital-documents`, {
    query: { type: params.type, year: params.year, page: params.page, per_page: DOCUMENTS_PER_PAGE },
    signal,
  });
}

export function getDigitalDocumentsQueryOptions(customerId: number, params: DigitalDocumentsParams) {
  return queryOptions({
    queryKey: ['digital-documents', customerId, params.type, params.year, params.page],
    queryFn: ({ signal }) => getDigitalDocuments(customerId, params, signal),
    // Keeps the year select and the table on screen while another year or page loads.
    placeholderData: (previous) => (previous?.type === params.type ? previous : undefined),
  });
}

export function useDigitalDocuments(customerId: number, params: DigitalDocumentsParams) {
  return useQuery(getDigitalDocumentsQueryOptions(customerId, params));
}
