import type { Page, PaymentTerms } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const paymentTermsChoicesKey = ['bo', 'payment-terms', 'choices'] as const;

/** The payment terms as select choices (GET /api/payment-terms, a hundred at most: terms are few). */
export function usePaymentTermsChoices() {
  const { data } = useQuery({
    queryKey: paymentTermsChoicesKey,
    queryFn: ({ signal }) =>
      api.get<Page<PaymentTerms>>('/api/payment-terms', { query: { per_page: 100 }, signal }),
    staleTime: 60_000,
  });
  return (data?.data ?? []).map((terms) => ({ value: String(terms.id), label: terms.name }));
}
