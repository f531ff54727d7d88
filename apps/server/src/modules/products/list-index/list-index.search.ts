import type { ProductFilter } from '../product-list.queries';
import { FLAG, type IndexFacet, type IndexSort, type ListIndexStore, NONE } from './list-index.store';

/**
 * A list query answered from the index: the same rows, in the same order, and the same capped count as
 * product-list.queries.ts's SQL (tested side by side in list-index.test.ts). Every condition is a
 * bitset over the slots (a search word's from its postings, a facet value's from its products, the
 * visibility rules from the flags), cached until the index changes; a list is their AND, counted as it
 * is made (tens of microseconds at a million products, docs/decisions.md). The page then comes from
 * walking the sort order over the bitset (broad lists) or from marking the matches' places in it
 * (narrow ones).
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

/** Set bits of one 32-bit word. */
function bitCount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** The slots that pass `test`, one pass over the index. */
function scanAll(store: ListIndexStore, test: (slot: number) => boolean): Bits {
  const bits = bitsFor(store);
  for (let s = 0; s < store.size; s++) if (test(s)) set(bits, s);
  return bits;
}

/**
 * A condition's products, how many they are, and the words of the bitset that hold any (ascending):
 * the AND starts from the rarest condition and reads the others only at its words.
 */
export type Condition = { bits: Bits; count: number; words: Int32Array };

function conditionOf(bits: Bits): Condition {
  let count = 0;
  let used = 0;
  for (let i = 0; i < bits.length; i++) {
    if (bits[i] === 0) continue;
    count += bitCount(bits[i]!);
    used++;
  }
  const words = new Int32Array(used);
  for (let i = 0, k = 0; i < bits.length; i++) if (bits[i] !== 0) words[k++] = i;
  return { bits, count, words };
}

const caches = new WeakMap<ListIndexStore, { version: number; bits: Map<string, Condition> }>();
/** A bitset by key, computed once per index version; the least recently used go first when full. */
function cached(store: ListIndexStore, key: string, compute: () => Bits): Condition {
  let cache = caches.get(store);
  if (!cache || cache.version !== store.version) {
    cache = { version: store.version, bits: new Map() };
    caches.set(store, cache);
  }
  let condition = cache.bits.get(key);
  if (condition) {
    cache.bits.delete(key);
  } else {
    condition = conditionOf(compute());
    if (cache.bits.size >= CACHED_BITSETS) cache.bits.delete(cache.bits.keys().next().value as string);
  }
  cache.bits.set(key, condition);
  return condition;
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

/** The conditions whose AND is the list: its filters and its search words. */
export function conditionsOf(store: ListIndexStore, filter: ProductFilter, terms: SearchTerm[]): Condition[] {
  const today = dayOf(filter.today);
  const { flags, releaseDay } = store;
  const dated = (s: number) => releaseDay[s]! < NO_DATE;
  const parts: { key: string; compute: () => Bits }[] = [];
  const part = (key: string, compute: () => Bits) => parts.push({ key, compute });
  const show = filter.showOutOfStock;
  part(`visible:${show}:${today}`, () =>
    scanAll(store, (s) => {
      const f = flags[s]!;
      if ((f & FLAG.listed) === 0) return false;
      if (show || (f & (FLAG.inStock | FLAG.onRequest)) !== 0) return true;
      return (f & FLAG.preorders) !== 0 && dated(s) && releaseDay[s]! > today;
    }),
  );
  if (filter.supports) {
    const include = 'include' in filter.supports;
    const values = 'include' in filter.supports ? filter.supports.include : filter.supports.exclude;
    const ids = new Set(values.map((v) => store.strings.ids.get(v) ?? UNKNOWN));
    const support = store.text.support;
    part(`supports:${include}:${values.join('\u0000')}`, () =>
      scanAll(store, (s) => (include ? ids.has(support[s]!) : support[s] === NONE || !ids.has(support[s]!))),
    );
  }
  const list = filter.list;
  if (list === 'essential' || list === 'featured') {
    const flag = list === 'essential' ? FLAG.essential : FLAG.featured;
    part(`list:${list}`, () => scanAll(store, (s) => (flags[s]! & flag) !== 0));
  }
  if (list === 'in_stock') {
    part(`list:in_stock:${today}`, () =>
      scanAll(store, (s) => (flags[s]! & FLAG.inStock) !== 0 && dated(s) && releaseDay[s]! <= today),
    );
  }
  const bound = (name: string, date: string | undefined, ok: (day: number, limit: number) => boolean) => {
    if (!date) return;
    const limit = dayOf(date);
    part(`${name}:${limit}`, () => scanAll(store, (s) => dated(s) && ok(releaseDay[s]!, limit)));
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
      part(`facet:${facet}:${value}`, () => facetBits(store, facet, value));
    }
  }
  return [
    ...parts.map((p) => cached(store, p.key, p.compute)),
    ...terms.map((term) => cached(store, `term:${term.prefix}:${term.lexeme}`, () => termBits(store, term))),
  ];
}

/**
 * Buffers of one list's work, reused by every list of the store: a list is computed synchronously from
 * combine() to pageOf() (no await between), so no two lists share them at once; allocating them per
 * list would have the garbage collector run for megabytes a second. `marks` is all zeros between lists.
 */
const scratch = new WeakMap<ListIndexStore, { bits: Bits; words: Int32Array; marks: Bits }>();
function scratchOf(store: ListIndexStore) {
  let s = scratch.get(store);
  const words = (store.size + 31) >>> 5;
  if (!s || s.bits.length < words) {
    const room = Math.ceil(words * 1.25);
    s = { bits: new Uint32Array(room), words: new Int32Array(room), marks: new Uint32Array(room) };
    scratch.set(store, s);
  }
  return s;
}

/** A list's matches: a bitset over the slots, its count and its non-zero words. */
export type Matches = Condition;

/**
 * The list's matches: the AND of its conditions in the store's scratch (valid until the next list),
 * counted as it goes. Only the words where the rarest condition has products are read, five
 * conditions at once (a loop over the conditions per word costs three times as much); any further
 * ones then narrow what the first five left.
 */
export function combine(store: ListIndexStore, conditions: Condition[]): Matches {
  const scratch = scratchOf(store);
  const sorted = [...conditions].sort((x, y) => x.count - y.count);
  const a = sorted[0]!.bits;
  const [b = a, c = a, d = a, e = a] = sorted.slice(1, 5).map((x) => x.bits);
  const out = scratch.bits.subarray(0, a.length);
  const hits = scratch.words;
  out.fill(0);
  let count = 0;
  let used = 0;
  for (const i of sorted[0]!.words) {
    const word = a[i]! & b[i]! & c[i]! & d[i]! & e[i]!;
    if (word === 0) continue;
    out[i] = word;
    count += bitCount(word);
    hits[used++] = i;
  }
  for (const more of sorted.slice(5)) {
    const q = more.bits;
    const before = used;
    count = 0;
    used = 0;
    for (let k = 0; k < before; k++) {
      const i = hits[k]!;
      const word = out[i]! & q[i]!;
      out[i] = word;
      if (word === 0) continue;
      count += bitCount(word);
      hits[used++] = i;
    }
  }
  return { bits: out, count, words: hits.subarray(0, used) };
}

export const matchesSlot = has;

/** Takes a slot out of the matches (the customer sorts' own products, placed before the rest). */
export function dropMatch(matches: Matches, slot: number) {
  if (!has(matches.bits, slot)) return;
  clear(matches.bits, slot);
  matches.count--;
}

export type IndexPage = { slots: number[]; count: number };
type Window = { offset: number; limit: number };
type SortWay = { column: IndexSort; dir: 'asc' | 'desc' };

/** One page (`offset`, `limit`) of the matches in `sort` order, and their count up to `countCap`. */
export function pageOf(
  store: ListIndexStore,
  matches: Matches,
  sort: SortWay,
  page: Window,
  countCap: number,
): IndexPage {
  const { count } = matches;
  const end = Math.min(page.offset + page.limit, count);
  const found = { slots: [] as number[], count: Math.min(count, countCap) };
  if (end <= page.offset) return found;
  const { length } = store.orders.get(sort.column)!;
  // Walking the order meets a match every length/count places when the matches are spread through it;
  // marking the matches' places costs a few steps per match and one per 32 places. Matches gathered
  // in one part of the order (a title word in the title sort) make the walk longer: past the cost of
  // marking, it stops and marks.
  const marking = 3 * count + length / 32;
  const walked =
    (end * length) / count <= marking
      ? walkedPage(store, matches.bits, sort, page.offset, end, 2 * marking)
      : null;
  found.slots = walked ?? markedPage(store, matches, sort, page.offset, end);
  return found;
}

/**
 * The page found by walking the sort order and keeping the matches from `from` to `end`, or null when
 * that takes more than `budget` places.
 */
export function walkedPage(
  store: ListIndexStore,
  matches: Bits,
  sort: SortWay,
  from: number,
  end: number,
  budget = Number.POSITIVE_INFINITY,
): number[] | null {
  const { order, length } = store.orders.get(sort.column)!;
  const slots: number[] = [];
  const stop = Math.min(length, budget);
  let seen = 0;
  let i = 0;
  for (; i < stop && seen < end; i++) {
    const slot = order[sort.dir === 'asc' ? i : length - 1 - i]!;
    if (!has(matches, slot)) continue;
    if (seen >= from) slots.push(slot);
    seen++;
  }
  return seen < end && i < length ? null : slots;
}

/**
 * The page found by marking each match's place in the sort order in a bitset over the places, then
 * reading it from the start (or the end) and skipping whole words of places by their count.
 */
export function markedPage(
  store: ListIndexStore,
  matches: Matches,
  sort: SortWay,
  from: number,
  end: number,
) {
  const { order, rank, length } = store.orders.get(sort.column)!;
  const marks = scratchOf(store).marks;
  const { bits } = matches;
  for (const w of matches.words) {
    let word = bits[w]!;
    while (word !== 0) {
      const place = rank[(w << 5) + 31 - Math.clz32(word & -word)]!;
      marks[place >>> 5]! |= 1 << (place & 31);
      word &= word - 1;
    }
  }
  const words = (length + 31) >>> 5;
  const slots: number[] = [];
  let seen = 0;
  for (let k = 0; k < words && seen < end; k++) {
    const w = sort.dir === 'asc' ? k : words - 1 - k;
    let word = marks[w]!;
    if (word === 0) continue;
    const n = bitCount(word);
    if (seen + n <= from) {
      seen += n;
      continue;
    }
    while (word !== 0 && seen < end) {
      const bit = sort.dir === 'asc' ? 31 - Math.clz32(word & -word) : 31 - Math.clz32(word);
      if (seen >= from) slots.push(order[(w << 5) + bit]!);
      seen++;
      word &= ~(1 << bit);
    }
  }
  marks.fill(0, 0, words);
  return slots;
}
