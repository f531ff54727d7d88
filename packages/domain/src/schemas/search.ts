import { z } from 'zod';
import { ProductCardSchema } from './catalog';

/**
 * Suggestions while typing in the search box (issue 22 point 2): `GET /api/search/suggestions?q=`.
 * `q` is capped as the product list's is (200 characters, else 422); only its letters and digits are
 * searched, so symbols, emoji or an empty `q` answer empty lists.
 */
export const SearchSuggestionsQuerySchema = z.strictObject({
  q: z.string().trim().max(200).default(''),
});
export type SearchSuggestionsQuery = z.infer<typeof SearchSuggestionsQuerySchema>;

const NamedSchema = z.object({ name: z.string() });

export const SearchSuggestionsSchema = z.object({
  /** The words searched, as the server read them ('' when nothing searchable was typed). */
  q: z.string(),
  /** The words corrected when the typed ones match nothing ("did you mean …"); products are for these. */
  did_you_mean: z.string().nullable(),
  /** The first products of the list for these words, newest first, priced for the caller. */
  products: z.array(ProductCardSchema),
  authors: z.array(NamedSchema),
  labels: z.array(NamedSchema),
  /** Categories and subcategories (`category` is the parent's code of a subcategory, else null). */
  categories: z.array(
    z.object({ code: z.string(), description: z.string(), category: z.string().nullable() }),
  ),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestionsSchema>;
