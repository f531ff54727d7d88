import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAddressBook } from './get-addresses';

/** DELETE /api/customers/{id}/addresses/{addressId}. */
export function deleteAddress(customerId: number, addressId: number): Promise<void> {
  return api.delete<void>(`/api/customers/${customerId}/addresses/${addressId}`);
}

export function useDeleteAddress(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (addressId: number) => deleteAddress(customerId, addressId),
    onSuccess: () => refreshAddressBook(queryClient, customerId),
  });
}
