import type { DeliveryNotePage } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const DELIVERY_NOTES_PER_PAGE = 20;

/** GET /api/customers/{id}/delivery-notes: a page of the customer's delivery notes, newest first. */
export function getDeliveryNotes(customerId: number, page: number, signal?: AbortSignal) {
  return api.get<DeliveryNotePage>(`/api/customers/${customerId}/delivery-notes`, {
    query: { page, per_page: DELIVERY_NOTES_PER_PAGE },
    signal,
  });
}

export function getDeliveryNotesQueryOptions(customerId: number, page: number) {
  return queryOptions({
    queryKey: ['delivery-notes', customerId, page],
    queryFn: ({ signal }) => getDeliveryNotes(customerId, page, signal),
    // The page being left stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryNotes(customerId: number, page: number) {
  return useQuery(getDeliveryNotesQueryOptions(customerId, page));
}
