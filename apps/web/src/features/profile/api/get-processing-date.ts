import type { ProcessingDate } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/customers/{id}/shipping-requests/processing-date: the day a request made now is processed. */
export function getProcessingDate(customerId: number, signal?: AbortSignal) {
  return api.get<ProcessingDate>(`/api/customers/${customerId}/shipping-requests/processing-date`, {
    signal,
  });
}

export function getProcessingDateQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: ['processing-date', customerId],
    queryFn: ({ signal }) => getProcessingDate(customerId, signal),
    // The date turns at 14:00: asked again each time the confirmation opens.
    staleTime: 0,
  });
}

export function useProcessingDate(customerId: number) {
  return useQuery(getProcessingDateQueryOptions(customerId));
}
