import type { Db } from '../../db/client';
import { TtlLruCache } from '../../lib/lru-cache';
import { searchWords } from '../products/product-search';
import { matchWords } from './search.queries';

/**
 * "Did you mean …" (issue 22 point 2; docs/decisions.md, "Search that forgives typos"): each word of
 * a search that the catalogue's vocabulary does not know becomes the known word nearest to it by
 * trigram similarity ('harts' → 'hearts', 'rgazzi' → 'ragazzi'). Words under three letters, and words
 * with digits (codes have their own one-typo search), are kept as typed. The caller runs the corrected
 * words as a new search and offers them only when they find something.
 */

/** Words this short have too few trigrams for a similarity to mean anything. */
const MIN_LENGTH = 3;
const MAX_LENGTH = 40;

const caches = new WeakMap<Db, TtlLruCache<string | null>>();
function cacheOf(db: Db) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TtlLruCache<string | null>(2_000, 60_000);
    caches.set(db, cache);
  }
  return cache;
}

const correctable = (word: string) =>
  word.length >= MIN_LENGTH && word.length <= MAX_LENGTH && !/\p{N}/u.test(word);

/**
 * The words of `q` with every unknown one replaced by its nearest known word, keeping an initial
 * capital ("Neon Harts" → "Neon Hearts"); null when every word is known or an unknown one has no near
 * word (nothing better to offer).
 */
export function correctWords(db: Db, q: string): Promise<string | null> {
  const words = searchWords(q);
  const last = words.length - 1;
  const candidates = words
    .map((word, i) => ({ i, word: word.toLowerCase(), prefix: i === last }))
    .filter(({ word }) => correctable(word));
  if (candidates.length === 0) return Promise.resolve(null);
  return cacheOf(db).getOrCompute(words.join(' '), async () => {
    const matches = await matchWords(db, candidates);
    let changed = false;
    const corrected = [...words];
    for (const match of matches) {
      if (match.known) continue;
      if (!match.best) return null;
      const typed = words[match.i] ?? '';
      corrected[match.i] = /^\p{Lu}/u.test(typed)
        ? match.best.charAt(0).toUpperCase() + match.best.slice(1)
        : match.best;
      changed = true;
    }
    return changed ? corrected.join(' ') : null;
  });
}
