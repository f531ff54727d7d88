import type { Customer, CustomerSettingsInput } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { storeSavedCustomer } from './update-profile';

/**
 * PUT /api/customers/{id}/settings. Silent: any failure is the form's 'Error saving settings' (SPEC §8)
 * rather than the global sign-out.
 */
export function updateSettings(customerId: number, input: CustomerSettingsInput): Promise<Customer> {
  return api.put<Customer>(`/api/customers/${customerId}/settings`, input, { silent: true });
}

export function useUpdateSettings(customerId: number) {
  return useMutation({
    mutationFn: (input: CustomerSettingsInput) => updateSettings(customerId, input),
    onSuccess: storeSavedCustomer,
  });
}
