import type { CurrentUser, Customer, ProfileInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CURRENT_USER_QUERY_KEY, queryClient } from '../../../lib/query-client';

/** The signed-in user's customer, and its own query, as the server answered after a save. */
export function storeSavedCustomer(customer: Customer): void {
  queryClient.setQueryData<CurrentUser | null>(CURRENT_USER_QUERY_KEY, (user) =>
    user?.customer?.id === customer.id ? { ...user, customer } : user,
  );
  queryClient.setQueryData(['customers', customer.id], customer);
}

/** PUT /api/customers/{id}: 'My data'; a 422 carries the field errors. */
export function updateProfile(customerId: number, input: ProfileInput): Promise<Customer> {
  return api.put<Customer>(`/api/customers/${customerId}`, input);
}

export function useUpdateProfile(customerId: number) {
  return useMutation({
    mutationFn: (input: ProfileInput) => updateProfile(customerId, input),
    onSuccess: storeSavedCustomer,
  });
}
