import type { SearchSuggestions } from '@shop/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/search/suggestions: products, authors, labels and categories for what is being typed. */
export function getSearchSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestions> {
  return api.get<SearchSuggestions>('/api/search/suggestions', { query: { q }, signal });
}

/** Suggestions for `q` (already debounced); nothing is asked for an empty text. */
export function useSearchSuggestions(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: ['search-suggestions', text],
    queryFn: ({ signal }) => getSearchSuggestions(text, signal),
    enabled: text.length > 0,
    // the previous suggestions stay while the next ones load, so the list does not flicker
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
