import type { CustomerAddress, CustomerAddressInput } from '@shop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshAddressBook } from './get-addresses';

/** POST /api/customers/{id}/addresses. */
export function createAddress(customerId: number, input: CustomerAddressInput): Promise<CustomerAddress> {
  return api.post<CustomerAddress>(`/api/customers/${customerId}/addresses`, input);
}

export function useCreateAddress(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerAddressInput) => createAddress(customerId, input),
    onSuccess: () => refreshAddressBook(queryClient, customerId),
  });
}
