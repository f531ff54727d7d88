import type { ProductFilter } from '../product-list.queries';
import { FLAG, type IndexFacet, type IndexSort, type ListIndexStore, NONE } from './list-index.store';

/**
 * A list query answered from the index: the same rows, in the same order, and the same capped count as
 * product-list.queries.ts's SQL (tested side by side in list-index.test.ts). Two ways, the cheaper
 * one chosen per query:
 * - scan: the fewest candidates any one condition allows (a search word's postings, a facet value's
 *   products) are tested against every condition, then the page is picked by sort rank;
 * - walk: the sort order is walked, each product tested, until the page is filled and the count cap met
 *   (a broad list fills both after a few thousand products).
 */

export type SearchTerm = { lexeme: string; prefix: boolean };

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export const dayOf = (date: string) =>
  Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;

/** Up to this many candidates, scanning them beats walking a sort order. */
const SCAN_MAX = 40_000;
/** A value no slot holds: a filter on an unknown value matches nothing. */
const UNKNOWN = -2;

type Range = { lexeme: string; prefix: boolean; lo: number; hi: number };

type Source = { size: number; each: (visit: (slot: number) => void) => void };

export type Compiled = { test: (slot: number) => boolean; sources: Source[] };

/** The filter's conditions as one test per slot, and the postings that can supply candidates. */
export function compile(store: ListIndexStore, filter: ProductFilter, terms: SearchTerm[]): Compiled {
  const today = dayOf(filter.today);
  const { flags, releaseDay } = store;
  const checks: ((slot: number) => boolean)[] = [];
  const sources: Source[] = [];
  const dated = (slot: number) => releaseDay[slot]! < 2 ** 20;
  if (!filter.showOutOfStock) {
    checks.push((s) => {
      const f = flags[s]!;
      return (
        (f & (FLAG.inStock | FLAG.onRequest)) !== 0 ||
        ((f & FLAG.preorders) !== 0 && dated(s) && releaseDay[s]! > today)
      );
    });
  }
  if (filter.supports) {
    const support = store.text.support;
    if ('include' in filter.supports) {
      const ids = new Set(filter.supports.include.map((v) => store.strings.ids.get(v) ?? UNKNOWN));
      checks.push((s) => ids.has(support[s]!));
    } else {
      const ids = new Set(filter.supports.exclude.map((v) => store.strings.ids.get(v) ?? UNKNOWN));
      checks.push((s) => support[s] === NONE || !ids.has(support[s]!));
    }
  }
  if (filter.list === 'essential') checks.push((s) => (flags[s]! & FLAG.essential) !== 0);
  if (filter.list === 'featured') checks.push((s) => (flags[s]! & FLAG.featured) !== 0);
  if (filter.list === 'in_stock') {
    checks.push((s) => (flags[s]! & FLAG.inStock) !== 0 && dated(s) && releaseDay[s]! <= today);
  }
  const bound = (date: string | undefined, ok: (day: number, limit: number) => boolean) => {
    if (!date) return;
    const limit = dayOf(date);
    checks.push((s) => dated(s) && ok(releaseDay[s]!, limit));
  };
  bound(filter.releasedFrom, (d, l) => d >= l);
  bound(filter.releasedTo, (d, l) => d <= l);
  bound(filter.releasedAfter, (d, l) => d > l);
  for (const [field, values] of Object.entries(filter.facets) as [IndexFacet, (string | number)[]][]) {
    for (const raw of values) {
      const value =
        typeof raw === 'number'
          ? raw < 0
            ? UNKNOWN
            : raw
          : field === 'category' || field === 'subcategory'
            ? UNKNOWN
            : (store.strings.ids.get(raw) ?? UNKNOWN);
      checks.push((s) => store.facetValue(field, s) === value);
      sources.push(facetSource(store, field, value));
    }
  }
  for (const term of terms) {
    const range = resolve(store, term);
    checks.push((s) => hasTerm(store, s, range));
    sources.push(termSource(store, range));
  }
  const test = (slot: number) => {
    if ((flags[slot]! & FLAG.listed) === 0) return false;
    for (const check of checks) if (!check(slot)) return false;
    return true;
  };
  return { test, sources };
}

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

function hasTerm(store: ListIndexStore, slot: number, range: Range): boolean {
  const changed = store.changedLexemes.size > 0 ? store.changedLexemes.get(slot) : undefined;
  if (changed) return changed.some((l) => (range.prefix ? l.startsWith(range.lexeme) : l === range.lexeme));
  const { lexIds, lexStart } = store;
  for (let i = lexStart[slot]!; i < lexStart[slot + 1]!; i++) {
    const id = lexIds[i]!;
    if (id >= range.lo && id < range.hi) return true;
  }
  return false;
}

function termSource(store: ListIndexStore, range: Range): Source {
  const added: number[][] = [];
  for (const [lexeme, slots] of store.addedLexemes) {
    if (range.prefix ? lexeme.startsWith(range.lexeme) : lexeme === range.lexeme) added.push(slots);
  }
  return {
    size: store.cumulative[range.hi]! - store.cumulative[range.lo]! + added.reduce((n, a) => n + a.length, 0),
    each(visit) {
      for (let i = range.lo; i < range.hi; i++) for (const slot of store.lexemePostings[i]!) visit(slot);
      for (const slots of added) for (const slot of slots) visit(slot);
    },
  };
}

function facetSource(store: ListIndexStore, facet: IndexFacet, value: number): Source {
  const postings = store.facetPostings[facet];
  return {
    size: postings.size(value),
    each(visit) {
      for (const slot of postings.base.get(value) ?? []) visit(slot);
      for (const slot of postings.added.get(value) ?? []) visit(slot);
    },
  };
}

/** Marks of the slots already visited in a scan, by query number (no clearing between queries). */
const visited = new WeakMap<ListIndexStore, { marks: Uint32Array; epoch: number }>();
function marksOf(store: ListIndexStore) {
  let m = visited.get(store);
  if (!m || m.marks.length < store.size) {
    m = { marks: new Uint32Array(Math.ceil(store.size * 1.25) + 16), epoch: 0 };
    visited.set(store, m);
  }
  if (++m.epoch === 2 ** 32) {
    m.marks.fill(0);
    m.epoch = 1;
  }
  return m;
}

export type IndexPage = { slots: number[]; count: number };

/**
 * One page (`offset`, `limit`) in `sort` order, and the count of matches up to `countCap`. `skip`
 * leaves out slots (the customer sorts' own products, listed before).
 */
export function runQuery(
  store: ListIndexStore,
  query: Compiled,
  sort: { column: IndexSort; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  countCap: number,
  skip?: Set<number>,
): IndexPage {
  const test = skip ? (s: number) => !skip.has(s) && query.test(s) : query.test;
  const smallest = query.sources.reduce<Source | null>((a, b) => (a && a.size <= b.size ? a : b), null);
  if (smallest && smallest.size <= SCAN_MAX) return scan(store, smallest, test, sort, page, countCap);
  return walk(store, test, sort, page, countCap);
}

function scan(
  store: ListIndexStore,
  source: Source,
  test: (slot: number) => boolean,
  sort: { column: IndexSort; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  countCap: number,
): IndexPage {
  const m = marksOf(store);
  const { marks, epoch } = m;
  const { rank, order } = store.orders.get(sort.column)!;
  const ranks: number[] = [];
  source.each((slot) => {
    if (marks[slot] === epoch) return;
    marks[slot] = epoch;
    if (test(slot)) ranks.push(rank[slot]!);
  });
  const sorted = Int32Array.from(ranks).sort();
  const n = sorted.length;
  const slots: number[] = [];
  for (let i = page.offset; i < Math.min(n, page.offset + page.limit); i++) {
    slots.push(order[sort.dir === 'asc' ? sorted[i]! : sorted[n - 1 - i]!]!);
  }
  return { slots, count: Math.min(n, countCap) };
}

function walk(
  store: ListIndexStore,
  test: (slot: number) => boolean,
  sort: { column: IndexSort; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  countCap: number,
): IndexPage {
  const { order, length } = store.orders.get(sort.column)!;
  const end = page.offset + page.limit;
  const slots: number[] = [];
  let count = 0;
  const enough = Math.max(end, countCap);
  for (let i = 0; i < length && count < enough; i++) {
    const slot = order[sort.dir === 'asc' ? i : length - 1 - i]!;
    if (!test(slot)) continue;
    if (count >= page.offset && count < end) slots.push(slot);
    count++;
  }
  return { slots, count: Math.min(count, countCap) };
}
