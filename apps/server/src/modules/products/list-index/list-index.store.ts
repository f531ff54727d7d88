import { CardColumns, type CardFields } from './list-index.cards';
import { grow, indexedLexemes, WordTable } from './list-index.words';
import { compareText, ordinals } from './text-order';

/**
 * The list index's data (issue 23; docs/decisions.md, "Lists from an in-process index"): every
 * product that can be listed (not a variant) in one slot of typed arrays: its flags, release day and
 * facet values, its search words (the lexemes of its `search_vector`), its card, and for each sort
 * column the products in ORDER BY order. Pure: rows come in from list-index.queries.ts, answers go
 * out through list-index.search.ts and list-index.card-row.ts.
 */

/** A product as the index loads it: what lists filter, sort and search on, and its card. */
export type IndexRow = CardFields & {
  id: number;
  listed: boolean;
  in_stock: boolean;
  on_request: boolean;
  preorders: boolean;
  essential: boolean;
  featured: boolean;
  /** Days since 1970-01-01, null without a release date. */
  release_day: number | null;
  category_id: number | null;
  subcategory_id: number | null;
  label: string | null;
  author: string | null;
  area: string | null;
  support: string | null;
  distribution: string | null;
  genre: string | null;
  description: string;
  lexemes: string[];
};

export const FLAG = {
  listed: 1,
  inStock: 2,
  onRequest: 4,
  preorders: 8,
  essential: 16,
  featured: 32,
} as const;

/** The facet fields held as interned strings; category and subcategory are ids. */
export const TEXT_FACETS = ['label', 'author', 'area', 'support', 'distribution', 'genre'] as const;
export type TextFacet = (typeof TEXT_FACETS)[number];
export type IndexFacet = TextFacet | 'category' | 'subcategory';
export const INDEX_FACETS: readonly IndexFacet[] = ['category', 'subcategory', ...TEXT_FACETS];

/** The column sorts the index answers (the customer sorts build on release_date). */
export type IndexSort = 'release_date' | 'author' | 'title' | 'distribution' | 'format';
export const INDEX_SORTS: readonly IndexSort[] = [
  'release_date',
  'author',
  'title',
  'distribution',
  'format',
];

/** "No value" in the integer columns: it equals no filter value and sorts last (NULLS LAST). */
export const NONE = -1;
const NULL_DAY = 2 ** 20;
/** Interned strings (facet values), so a slot holds an int and a filter compares ints. */
class Strings {
  readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  intern(value: string | null): number {
    if (value === null) return NONE;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

/** Postings (slots by key) built at once, plus the slots that gained the key since. */
export class Postings<K> {
  constructor(
    readonly base: Map<K, Int32Array>,
    readonly added = new Map<K, number[]>(),
  ) {}
  add(key: K, slot: number) {
    const list = this.added.get(key);
    if (list) list.push(slot);
    else this.added.set(key, [slot]);
  }
  addedCount(): number {
    let n = 0;
    for (const list of this.added.values()) n += list.length;
    return n;
  }
}

/** A sort column's order: slots in ascending ORDER BY order (id the tiebreak), and each slot's place. */
export type SortOrder = { order: Int32Array; rank: Int32Array; length: number };

export class ListIndexStore {
  /** Changes with every apply() and compact(): what was computed from an older version is stale. */
  version = 0;
  /** Slots in use (some may be empty: a deleted product's slot stays empty until the next rebuild). */
  size = 0;
  id = new Int32Array(0);
  flags = new Uint8Array(0);
  releaseDay = new Int32Array(0);
  category = new Int32Array(0);
  subcategory = new Int32Array(0);
  readonly text: Record<TextFacet, Int32Array> = {
    label: new Int32Array(0),
    author: new Int32Array(0),
    area: new Int32Array(0),
    support: new Int32Array(0),
    distribution: new Int32Array(0),
    genre: new Int32Array(0),
  };
  description: string[] = [];
  readonly cards = new CardColumns();
  readonly strings = new Strings();
  /** Product id → slot + 1 (0: not indexed). */
  private slotById = new Int32Array(0);

  /** Lexemes in JavaScript string order (a prefix's lexemes are consecutive) and their postings. */
  lexicon: string[] = [];
  lexemePostings: Int32Array[] = [];
  /** Each slot's lexemes as lexicon positions (CSR), or its own list when changed since the build. */
  lexStart = new Int32Array(1);
  lexIds = new Int32Array(0);
  readonly changedLexemes = new Map<number, string[]>();
  facetPostings: Record<IndexFacet, Postings<number>> = emptyFacetPostings();
  readonly orders = new Map<IndexSort, SortOrder>();

  slotOf(productId: number): number {
    return productId < this.slotById.length ? this.slotById[productId]! - 1 : -1;
  }

  /** Starts a build: add() the catalogue's products in id order, then finish(). */
  static builder() {
    const store = new ListIndexStore();
    const words = new WordTable();
    return {
      add(row: IndexRow) {
        words.add(store.place(row), indexedLexemes(row.lexemes));
      },
      finish(): ListIndexStore {
        store.buildSearch(words);
        store.buildFacetPostings();
        for (const sort of INDEX_SORTS) store.sortAll(sort);
        return store;
      },
    };
  }

  /** Rebuilds postings and orders from the slots' current values (after many changes). */
  compact() {
    this.version++;
    const words = new WordTable();
    for (let slot = 0; slot < this.size; slot++) words.add(slot, this.lexemesOf(slot));
    this.changedLexemes.clear();
    this.buildSearch(words);
    this.buildFacetPostings();
    for (const sort of INDEX_SORTS) this.sortAll(sort);
  }

  /** How much has changed since the last build: past a bound, compact() pays for itself. */
  changedSince(): number {
    let facets = 0;
    for (const f of INDEX_FACETS) facets += this.facetPostings[f].addedCount();
    return this.changedLexemes.size + facets;
  }

  /**
   * Applies reloaded products (`rows`) and products gone (`goneIds`: deleted, or no longer listable
   * as a product): values in place, new postings for what they gained, sort orders re-placed.
   */
  apply(rows: IndexRow[], goneIds: number[]) {
    // Only a change to what lists select or order makes the cached bitsets stale; a card's new price
    // or stock does not.
    let listingChanged = false;
    for (const id of goneIds) {
      const slot = this.slotOf(id);
      if (slot >= 0 && this.flags[slot] !== 0) {
        this.flags[slot] = 0;
        listingChanged = true;
      }
    }
    const moved = new Map<IndexSort, number[]>(INDEX_SORTS.map((sort) => [sort, []]));
    for (const row of rows) {
      const existing = this.slotOf(row.id);
      const before = existing >= 0 ? this.sortKeys(existing) : null;
      const facetsBefore = INDEX_FACETS.map((facet) =>
        existing >= 0 ? this.facetValue(facet, existing) : NONE,
      );
      const flagsBefore = existing >= 0 ? this.flags[existing] : -1;
      const slot = this.place(row);
      if (this.flags[slot] !== flagsBefore) listingChanged = true;
      const after = this.sortKeys(slot);
      for (const sort of INDEX_SORTS) {
        if (before === null || before[sort] !== after[sort]) {
          moved.get(sort)!.push(slot);
          listingChanged = true;
        }
      }
      if (this.updateLexemes(slot, indexedLexemes(row.lexemes))) listingChanged = true;
      // Only a new value needs a posting (a stock change moves no facet).
      INDEX_FACETS.forEach((facet, i) => {
        const value = this.facetValue(facet, slot);
        if (value === facetsBefore[i]) return;
        listingChanged = true;
        if (value !== NONE) this.facetPostings[facet].add(value, slot);
      });
    }
    for (const [sort, slots] of moved) if (slots.length > 0) this.replace(sort, slots);
    if (listingChanged) this.version++;
  }

  lexemesOf(slot: number): string[] {
    const changed = this.changedLexemes.get(slot);
    if (changed) return changed;
    const out: string[] = [];
    for (let i = this.lexStart[slot]!; i < this.lexStart[slot + 1]!; i++)
      out.push(this.lexicon[this.lexIds[i]!]!);
    return out;
  }

  facetValue(facet: IndexFacet, slot: number): number {
    if (facet === 'category') return this.category[slot]!;
    if (facet === 'subcategory') return this.subcategory[slot]!;
    return this.text[facet][slot]!;
  }

  private place(row: IndexRow): number {
    let slot = this.slotOf(row.id);
    if (slot < 0) {
      slot = this.size++;
      this.reserve(this.size);
      this.slotById = grow(this.slotById, row.id + 1);
      this.slotById[row.id] = slot + 1;
      this.id[slot] = row.id;
    }
    this.flags[slot] =
      (row.listed ? FLAG.listed : 0) |
      (row.in_stock ? FLAG.inStock : 0) |
      (row.on_request ? FLAG.onRequest : 0) |
      (row.preorders ? FLAG.preorders : 0) |
      (row.essential ? FLAG.essential : 0) |
      (row.featured ? FLAG.featured : 0);
    this.releaseDay[slot] = row.release_day ?? NULL_DAY;
    this.category[slot] = row.category_id ?? NONE;
    this.subcategory[slot] = row.subcategory_id ?? NONE;
    for (const facet of TEXT_FACETS) this.text[facet][slot] = this.strings.intern(row[facet]);
    this.description[slot] = row.description;
    this.cards.set(slot, row);
    return slot;
  }

  private reserve(size: number) {
    this.id = grow(this.id, size);
    this.flags = grow(this.flags, size);
    this.releaseDay = grow(this.releaseDay, size);
    this.category = grow(this.category, size);
    this.subcategory = grow(this.subcategory, size);
    for (const facet of TEXT_FACETS) this.text[facet] = grow(this.text[facet], size);
  }

  /** A release day past every real one stands for "no date": NULLS LAST ascending, first descending. */
  releaseOf(slot: number): number | null {
    const day = this.releaseDay[slot]!;
    return day === NULL_DAY ? null : day;
  }

  private sortKeys(slot: number): Record<IndexSort, string | number> {
    return {
      release_date: this.releaseDay[slot]!,
      author: this.text.author[slot]!,
      title: this.description[slot]!,
      distribution: this.text.distribution[slot]!,
      format: this.text.support[slot]!,
    };
  }

  /** ORDER BY <column> asc, id asc (NULLS LAST) between two slots. */
  private compare(sort: IndexSort, a: number, b: number): number {
    let c: number;
    if (sort === 'release_date') c = this.releaseDay[a]! - this.releaseDay[b]!;
    else if (sort === 'title') c = compareText(this.description[a]!, this.description[b]!);
    else {
      const column = this.text[sort === 'format' ? 'support' : sort];
      c = this.compareStrings(column[a]!, column[b]!);
    }
    return c !== 0 ? c : this.id[a]! - this.id[b]!;
  }

  private compareStrings(x: number, y: number): number {
    if (x === y) return 0;
    if (x === NONE) return 1;
    if (y === NONE) return -1;
    return compareText(this.strings.values[x]!, this.strings.values[y]!);
  }

  /** The whole order at once: a numeric key per slot (ordinal × 2^32 + id), sorted natively. */
  private sortAll(sort: IndexSort) {
    const n = this.size;
    const keys = new Float64Array(n);
    if (sort === 'release_date') {
      for (let s = 0; s < n; s++) keys[s] = this.releaseDay[s]! * 2 ** 32 + this.id[s]!;
    } else if (sort === 'title') {
      const rank = ordinals(this.description.slice(0, n));
      for (let s = 0; s < n; s++) keys[s] = rank.get(this.description[s]!)! * 2 ** 32 + this.id[s]!;
    } else {
      const column = this.text[sort === 'format' ? 'support' : sort];
      const rank = ordinals(this.strings.values);
      const last = this.strings.values.length;
      for (let s = 0; s < n; s++) {
        const v = column[s]!;
        keys[s] = (v === NONE ? last : rank.get(this.strings.values[v]!)!) * 2 ** 32 + this.id[s]!;
      }
    }
    keys.sort();
    const order = new Int32Array(Math.max(16, n));
    for (let i = 0; i < n; i++) order[i] = this.slotOf(keys[i]! % 2 ** 32);
    this.orders.set(sort, { order, rank: new Int32Array(0), length: n });
    this.rerank(sort);
  }

  private rerank(sort: IndexSort) {
    const o = this.orders.get(sort)!;
    const rank =
      o.rank.length >= this.size ? o.rank : new Int32Array(Math.max(16, Math.ceil(this.size * 1.5)));
    for (let i = 0; i < o.length; i++) rank[o.order[i]!] = i;
    o.rank = rank;
  }

  /** Takes slots out of an order in one pass (their ranks are stale once values changed). */
  private remove(sort: IndexSort, slots: Set<number>) {
    const o = this.orders.get(sort)!;
    let kept = 0;
    for (let i = 0; i < o.length; i++) {
      const slot = o.order[i]!;
      if (!slots.has(slot)) o.order[kept++] = slot;
    }
    o.length = kept;
  }

  /**
   * Moves products to their new places in a sort order: out in one pass, then each placed by binary
   * search among the others and the order rebuilt in one more pass. O(n + k log n), so an import's
   * thousands of changed titles cost a copy of the order, not a new sort of a million strings.
   */
  private replace(sort: IndexSort, slots: number[]) {
    this.remove(sort, new Set(slots));
    const o = this.orders.get(sort)!;
    const moved = [...slots].sort((a, b) => this.compare(sort, a, b));
    const next = new Int32Array(Math.max(16, Math.ceil((o.length + moved.length) * 1.25)));
    let from = 0;
    let to = 0;
    for (const slot of moved) {
      let lo = from;
      let hi = o.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.compare(sort, o.order[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      next.set(o.order.subarray(from, lo), to);
      to += lo - from;
      from = lo;
      next[to++] = slot;
    }
    next.set(o.order.subarray(from, o.length), to);
    o.order = next;
    o.length = to + o.length - from;
    this.rerank(sort);
  }

  /** Whether the slot's words changed. */
  private updateLexemes(slot: number, lexemes: string[]): boolean {
    const before = this.lexemesOf(slot);
    if (before.length === lexemes.length && before.every((l, i) => l === lexemes[i])) return false;
    this.changedLexemes.set(slot, lexemes);
    return true;
  }

  /** The lexicon in order, each slot's lexemes as positions in it, and each lexeme's postings. */
  private buildSearch(words: WordTable) {
    const n = this.size;
    const byText = words.words.map((_, i) => i).sort((a, b) => (words.words[a]! < words.words[b]! ? -1 : 1));
    const position = new Int32Array(byText.length);
    byText.forEach((word, p) => {
      position[word] = p;
    });
    this.lexicon = byText.map((word) => words.words[word]!);
    const counts = new Int32Array(this.lexicon.length);
    this.lexIds = words.lexemes.slice(0, words.length);
    for (let i = 0; i < this.lexIds.length; i++) {
      const p = position[this.lexIds[i]!]!;
      this.lexIds[i] = p;
      counts[p]!++;
    }
    this.lexStart = words.starts.slice(0, n + 1);
    this.lexemePostings = Array.from(counts, (size) => new Int32Array(size));
    const filled = new Int32Array(this.lexicon.length);
    for (let s = 0; s < n; s++) {
      for (let i = this.lexStart[s]!; i < this.lexStart[s + 1]!; i++) {
        const p = this.lexIds[i]!;
        this.lexemePostings[p]![filled[p]!++] = s;
      }
    }
  }

  private buildFacetPostings() {
    const postings = emptyFacetPostings();
    for (const facet of INDEX_FACETS) {
      const lists = new Map<number, number[]>();
      for (let s = 0; s < this.size; s++) {
        const v = this.facetValue(facet, s);
        if (v === NONE) continue;
        const list = lists.get(v);
        if (list) list.push(s);
        else lists.set(v, [s]);
      }
      postings[facet] = new Postings(new Map([...lists].map(([v, list]) => [v, Int32Array.from(list)])));
    }
    this.facetPostings = postings;
  }
}

function emptyFacetPostings(): Record<IndexFacet, Postings<number>> {
  return Object.fromEntries(INDEX_FACETS.map((f) => [f, new Postings<number>(new Map())])) as Record<
    IndexFacet,
    Postings<number>
  >;
}
