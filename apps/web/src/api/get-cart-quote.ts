import type { Quote, QuoteRequest } from '@shop/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * POST /api/cart/quote: the server prices the cart for the signed-in customer (or the customer an
 * administrator acts for). The cart, the checkout and the order show these figures, never the client's.
 */
export function getCartQuote(request: QuoteRequest, signal?: AbortSignal): Promise<Quote> {
  return api.post<Quote>('/api/cart/quote', request, { signal });
}

export function getCartQuoteQueryOptions(request: QuoteRequest) {
  return queryOptions({
    queryKey: ['cart-quote', request],
    queryFn: ({ signal }) => getCartQuote(request, signal),
    // the last figures stay on screen, marked as updating, while a changed cart is priced
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

export function useCartQuote(request: QuoteRequest, enabled: boolean) {
  return useQuery({ ...getCartQuoteQueryOptions(request), enabled });
}
