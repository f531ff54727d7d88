import type { SearchSuggestions } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { TtlLruCache } from '../../lib/lru-cache';
import { listIndexOf } from '../products/list-index/list-index.service';
import { searchWords } from '../products/product-search';
import { productSuggestions } from '../products/products.service';
import { NameMatcher } from './name-matcher';
import { matchCategories, matchNames } from './search.queries';
import { correctWords } from './spelling.service';

/**
 * Suggestions while typing (issue 22 point 2): the first products of the list for the typed words
 * (or, when they find none, for the words corrected: "did you mean"), and the authors, labels and
 * categories they name. Each part is one indexed query; they run side by side.
 */

type Reader = Pick<Ctx, 'db' | 'now' | 'actor'>;

export const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_NAMES = 4;
/** Suggestions look at the first words only: a longer text is a search, not something being typed. */
const MAX_WORDS = 5;
const MAX_WORD_LENGTH = 40;

const EMPTY: SearchSuggestions = {
  q: '',
  did_you_mean: null,
  products: [],
  authors: [],
  labels: [],
  categories: [],
};

/** Names and categories are the same for every caller: cached per database for a minute. */
type Names = Pick<SearchSuggestions, 'authors' | 'labels' | 'categories'>;
const caches = new WeakMap<Ctx['db'], TtlLruCache<Names>>();
function namesCache(db: Ctx['db']) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlLruCache<Names>(2_000, 60_000);
    caches.set(db, cache);
  }
  return cache;
}

/** The listed names matched in memory (name-matcher.ts) once the list index is built, else by SQL. */
const matchers = new WeakMap<string[], NameMatcher>();
function namesFor(db: Ctx['db'], facet: 'author' | 'label', text: string): Promise<{ name: string }[]> {
  const listed = listIndexOf(db)?.listedNames(facet);
  if (!listed) return matchNames(db, facet === 'author' ? 'a' : 'l', text, SUGGESTED_NAMES);
  let matcher = matchers.get(listed);
  if (!matcher) {
    matcher = new NameMatcher(listed);
    matchers.set(listed, matcher);
  }
  return Promise.resolve(matcher.match(text, SUGGESTED_NAMES).map((name) => ({ name })));
}

export async function suggest(ctx: Reader, typed: string): Promise<SearchSuggestions> {
  const words = searchWords(typed)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  if (words.length === 0) return EMPTY;
  const q = words.join(' ');
  const text = q.toLowerCase();
  const names = namesCache(ctx.db).getOrCompute(text, async () => {
    const [authors, labels, categories] = await Promise.all([
      namesFor(ctx.db, 'author', text),
      namesFor(ctx.db, 'label', text),
      matchCategories(ctx.db, text, SUGGESTED_NAMES),
    ]);
    return { authors, labels, categories };
  });
  let products = await productSuggestions(ctx, q, SUGGESTED_PRODUCTS);
  let didYouMean: string | null = null;
  if (products.length === 0) {
    const corrected = await correctWords(ctx.db, q);
    if (corrected) {
      products = await productSuggestions(ctx, corrected, SUGGESTED_PRODUCTS);
      if (products.length > 0) didYouMean = corrected;
    }
  }
  return { q, did_you_mean: didYouMean, products, ...(await names) };
}
