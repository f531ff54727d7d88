import type { DeliveryNote } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/delivery-notes/{id} by the note's number: the note and the rows it shipped. */
export function getDeliveryNote(noteNo: string, signal?: AbortSignal): Promise<DeliveryNote> {
  return api.get<DeliveryNote>(`/api/delivery-notes/${encodeURIComponent(noteNo)}`, { signal });
}

export function getDeliveryNoteQueryOptions(noteNo: string) {
  return queryOptions({
    queryKey: ['delivery-note', noteNo],
    queryFn: ({ signal }) => getDeliveryNote(noteNo, signal),
  });
}

export function useDeliveryNote(noteNo: string) {
  return useQuery(getDeliveryNoteQueryOptions(noteNo));
}
