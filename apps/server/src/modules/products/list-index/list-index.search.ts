import type { ProductFilter } from '../product-list.queries';
import { FLAG, type IndexFacet, type IndexSort, type ListIndexStore, NONE } from './list-index.store';

/**
 * A list query answered from the index: the same rows, in the same order, and the same capped count as
 * product-list.queries.ts's SQL (tested side by side in list-index.test.ts). Every condition is a
 * bitset over the slots (a search word's from its postings, a facet value's from its products, the
 * visibility rules from the flags), cached until the index changes; a list is their AND, its count a
 * popcount, a few hundred microseconds at a million products whatever the words and filters. The page
 * then comes from walking the sort order over the bitset (broad lists) or from sorting the matches'
 * ranks (narrow ones).
 */

export type SearchTerm = { lexeme: string; prefix: boolean };

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayOf = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/** A value no slot holds: a filter on an unknown value matches nothing. */
const UNKNOWN = -2;
const NO_DATE = 2 ** 20;
/** Bitsets kept per index version, least recently used dropped first (each is n/8 bytes). */
const CACHED_BITSETS = 256;

type Bits = Uint32Array;

const bitsFor = (store: ListIndexStore): Bits => new Uint32Array((store.size + 31) >>> 5);
const has = (bits: Bits, slot: number) => (bits[slot >>> 5]! & (1 << (slot & 31))) !== 0;
const set = (bits: Bits, slot: number) => {
  bits[slot >>> 5]! |= 1 << (slot & 31);
};
const clear = (bits: Bits, slot: number) => {
  bits[slot >>> 5]! &= ~(1 << (slot & 31));
};

function popcount(bits: Bits): number {
  let n = 0;
  for (let i = 0; i < bits.length; i++) {
    let v = bits[i]!;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    n += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return n;
}

/** The slots that pass `test`, one pass over the index. */
function scanAll(store: ListIndexStore, test: (slot: number) => boolean): Bits {
  const bits = bitsFor(store);
  for (let s = 0; s < store.size; s++) if (test(s)) set(bits, s);
  return bits;
}

const caches = new WeakMap<ListIndexStore, { version: number; bits: Map<string, Bits> }>();
/** A bitset by key, computed once per index version; the least recently used go first when full. */
function cached(store: ListIndexStore, key: string, compute: () => Bits): Bits {
  let cache = caches.get(store);
  if (!cache || cache.version !== store.version) {
    cache = { version: store.version, bits: new Map() };
    caches.set(store, cache);
  }
  let bits = cache.bits.get(key);
  if (bits) {
    cache.bits.delete(key);
  } else {
    bits = compute();
    if (cache.bits.size >= CACHED_BITSETS) cache.bits.delete(cache.bits.keys().next().value as string);
  }
  cache.bits.set(key, bits);
  return bits;
}

type Range = { lexeme: string; prefix: boolean; lo: number; hi: number };

/** The lexicon positions a term matches: one lexeme, or every lexeme it starts (consecutive). */
function resolve(store: ListIndexStore, term: SearchTerm): Range {
  const { lexicon } = store;
  let lo = 0;
  let hi = lexicon.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lexicon[mid]! < term.lexeme) lo = mid + 1;
    else hi = mid;
  }
  if (!term.prefix) return { ...term, lo, hi: lexicon[lo] === term.lexeme ? lo + 1 : lo };
  let end = lexicon.length;
  let from = lo;
  while (from < end) {
    const mid = (from + end) >>> 1;
    if (lexicon[mid]!.startsWith(term.lexeme)) from = mid + 1;
    else end = mid;
  }
  return { ...term, lo, hi: from };
}

const matches = (range: Range, lexeme: string) =>
  range.prefix ? lexeme.startsWith(range.lexeme) : lexeme === range.lexeme;

/** A term's products: its lexemes' postings, then the products whose words changed since, checked one by one. */
function termBits(store: ListIndexStore, term: SearchTerm): Bits {
  const range = resolve(store, term);
  const bits = bitsFor(store);
  for (let i = range.lo; i < range.hi; i++) for (const slot of store.lexemePostings[i]!) set(bits, slot);
  for (const [slot, lexemes] of store.changedLexemes) {
    if (lexemes.some((l) => matches(range, l))) set(bits, slot);
    else clear(bits, slot);
  }
  return bits;
}

/** A facet value's products: its postings, each checked (a product may have moved to another value). */
function facetBits(store: ListIndexStore, facet: IndexFacet, value: number): Bits {
  const bits = bitsFor(store);
  const postings = store.facetPostings[facet];
  const add = (slot: number) => {
    if (store.facetValue(facet, slot) === value) set(bits, slot);
  };
  for (const slot of postings.base.get(value) ?? []) add(slot);
  for (const slot of postings.added.get(value) ?? []) add(slot);
  return bits;
}

/** The bitsets whose AND is the filter (search words included). */
export function filterBits(store: ListIndexStore, filter: ProductFilter, terms: SearchTerm[]): Bits[] {
  const today = dayOf(filter.today);
  const { flags, releaseDay } = store;
  const dated = (s: number) => releaseDay[s]! < NO_DATE;
  const out: Bits[] = [];
  const show = filter.showOutOfStock;
  out.push(
    cached(store, `visible:${show}:${today}`, () =>
      scanAll(store, (s) => {
        const f = flags[s]!;
        if ((f & FLAG.listed) === 0) return false;
        if (show || (f & (FLAG.inStock | FLAG.onRequest)) !== 0) return true;
        return (f & FLAG.preorders) !== 0 && dated(s) && releaseDay[s]! > today;
      }),
    ),
  );
  if (filter.supports) {
    const include = 'include' in filter.supports;
    const values = 'include' in filter.supports ? filter.supports.include : filter.supports.exclude;
    const ids = new Set(values.map((v) => store.strings.ids.get(v) ?? UNKNOWN));
    const support = store.text.support;
    out.push(
      cached(store, `supports:${include}:${values.join('\u0000')}`, () =>
        scanAll(store, (s) =>
          include ? ids.has(support[s]!) : support[s] === NONE || !ids.has(support[s]!),
        ),
      ),
    );
  }
  const list = filter.list;
  if (list === 'essential' || list === 'featured') {
    const flag = list === 'essential' ? FLAG.essential : FLAG.featured;
    out.push(cached(store, `list:${list}`, () => scanAll(store, (s) => (flags[s]! & flag) !== 0)));
  }
  if (list === 'in_stock') {
    out.push(
      cached(store, `list:in_stock:${today}`, () =>
        scanAll(store, (s) => (flags[s]! & FLAG.inStock) !== 0 && dated(s) && releaseDay[s]! <= today),
      ),
    );
  }
  const bound = (name: string, date: string | undefined, ok: (day: number, limit: number) => boolean) => {
    if (!date) return;
    const limit = dayOf(date);
    out.push(
      cached(store, `${name}:${limit}`, () => scanAll(store, (s) => dated(s) && ok(releaseDay[s]!, limit))),
    );
  };
  bound('from', filter.releasedFrom, (d, l) => d >= l);
  bound('to', filter.releasedTo, (d, l) => d <= l);
  bound('after', filter.releasedAfter, (d, l) => d > l);
  for (const [facet, values] of Object.entries(filter.facets) as [IndexFacet, (string | number)[]][]) {
    for (const raw of values) {
      const value =
        typeof raw === 'number'
          ? raw < 0
            ? UNKNOWN
            : raw
          : facet === 'category' || facet === 'subcategory'
            ? UNKNOWN
            : (store.strings.ids.get(raw) ?? UNKNOWN);
      out.push(cached(store, `facet:${facet}:${value}`, () => facetBits(store, facet, value)));
    }
  }
  for (const term of terms) {
    out.push(cached(store, `term:${term.prefix}:${term.lexeme}`, () => termBits(store, term)));
  }
  return out;
}

/**
 * Buffers of one list's work, reused by every list of the store: a list is computed synchronously from
 * combine() to pageOf() (no await between), so no two lists share them at once; allocating them per
 * list would have the garbage collector run for megabytes a second.
 */
const scratch = new WeakMap<ListIndexStore, { bits: Bits; ranks: Int32Array }>();
function scratchOf(store: ListIndexStore) {
  let s = scratch.get(store);
  const words = (store.size + 31) >>> 5;
  if (!s || s.bits.length < words) {
    s = {
      bits: new Uint32Array(Math.ceil(words * 1.25)),
      ranks: new Int32Array(Math.ceil(store.size * 1.25)),
    };
    scratch.set(store, s);
  }
  return s;
}

/** The AND of the bitsets, in the store's scratch bitset (valid until the next list). */
export function combine(store: ListIndexStore, parts: Bits[]): Bits {
  const result = scratchOf(store).bits.subarray(0, parts[0]!.length);
  result.set(parts[0]!);
  for (let p = 1; p < parts.length; p++) {
    const part = parts[p]!;
    for (let i = 0; i < result.length; i++) result[i]! &= part[i]!;
  }
  return result;
}

export const matchesSlot = has;
export const clearSlot = clear;

export type IndexPage = { slots: number[]; count: number };

/** One page (`offset`, `limit`) of the matches in `sort` order, and their count up to `countCap`. */
export function pageOf(
  store: ListIndexStore,
  matches: Bits,
  sort: { column: IndexSort; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  countCap: number,
): IndexPage {
  const count = popcount(matches);
  const end = Math.min(page.offset + page.limit, count);
  const slots: number[] = [];
  const { order, rank, length } = store.orders.get(sort.column)!;
  if (end <= page.offset) return { slots, count: Math.min(count, countCap) };
  // Walking the order meets a match every size/count slots; sorting the matches costs about count·log.
  if ((end * store.size) / count <= 8 * count) {
    let seen = 0;
    for (let i = 0; i < length && seen < end; i++) {
      const slot = order[sort.dir === 'asc' ? i : length - 1 - i]!;
      if (!has(matches, slot)) continue;
      if (seen >= page.offset) slots.push(slot);
      seen++;
    }
  } else {
    const ranks = scratchOf(store).ranks.subarray(0, count);
    let k = 0;
    for (let w = 0; w < matches.length; w++) {
      let word = matches[w]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        ranks[k++] = rank[(w << 5) + bit]!;
        word &= word - 1;
      }
    }
    ranks.sort();
    for (let i = page.offset; i < end; i++)
      slots.push(order[sort.dir === 'asc' ? ranks[i]! : ranks[count - 1 - i]!]!);
  }
  return { slots, count: Math.min(count, countCap) };
}
