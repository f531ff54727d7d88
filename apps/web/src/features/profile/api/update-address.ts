import type { CustomerAddress, CustomerAddressInput } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAddressBook } from './get-addresses';

/** PUT /api/customers/{id}/addresses/{addressId}: the whole address. */
export function updateAddress(
  customerId: number,
  addressId: number,
  input: CustomerAddressInput,
): Promise<CustomerAddress> {
  return api.put<CustomerAddress>(`/api/customers/${customerId}/addresses/${addressId}`, input);
}

export function useUpdateAddress(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CustomerAddressInput }) =>
      updateAddress(customerId, id, input),
    onSuccess: () => refreshAddressBook(queryClient, customerId),
  });
}
