import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshLists } from '../../../api/lists/get-lists';
import { api } from '../../../lib/api-client';

/** DELETE /api/lists/{id} (the owner only). */
export function deleteList(id: number): Promise<void> {
  return api.delete<void>(`/api/lists/${id}`);
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteList, onSuccess: () => refreshLists(queryClient) });
}
