import type { CreateReturnRequest, CustomerReturn } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface CreateReturnInput {
  orderNo: string;
  rows: CreateReturnRequest['rows'];
}

/**
 * POST /api/orders/{orderNo}/returns (issue 21 point 5). Silent: a refusal (422 on a row's quantity,
 * reason or note) is shown on the dialog's fields.
 */
export function createReturn({ orderNo, rows }: CreateReturnInput) {
  return api.post<CustomerReturn>(
    `/api/orders/${encodeURIComponent(orderNo)}/returns`,
    { rows },
    { silent: true },
  );
}

/** POST /api/returns/{id}/photos: the photos as multipart/form-data, after the request is written. */
export function addReturnPhotos(id: number, photos: File[]) {
  const data = new FormData();
  for (const [index, photo] of photos.entries()) data.append(`photo${index + 1}`, photo);
  return api.post<CustomerReturn>(`/api/returns/${id}/photos`, data, { silent: true });
}

/** The request, then its photos; the order's returns are read again either way. */
export function useCreateReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReturn,
    onSettled: (_data, _error, { orderNo }) =>
      queryClient.invalidateQueries({ queryKey: ['order-returns', orderNo] }),
  });
}
