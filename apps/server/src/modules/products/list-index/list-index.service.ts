import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Db } from '../../../db/client';
import { TtlLruCache } from '../../../lib/lru-cache';
import type { ProductFilter, ProductSortSpec } from '../product-list.queries';
import type { CardRow } from '../products.queries';
import { cardOf } from './list-index.card-row';
import * as q from './list-index.queries';
import { combine, conditionsOf, dropMatch, matchesSlot, pageOf, type SearchTerm } from './list-index.search';
import { FLAG, type IndexSort, ListIndexStore } from './list-index.store';
import { isIndexedTerm } from './list-index.words';
import { isCodePointCollation } from './text-order';

/**
 * Storefront lists from an in-process index (issue 23; docs/decisions.md, "Lists from an in-process
 * index"): built from PostgreSQL when the server starts, kept fresh from `catalogue_changes`, and
 * asked before SQL. It answers the cards of a page and the capped count, with no read of the
 * database (the cards are held with the products, list-index.cards.ts). What it does not hold
 * (codes, campaigns, the back office's exact SKU) and any list asked before it is built go to SQL.
 */

export type ListIndexOptions = {
  /**
   * Where the index reads products and changes: the primary, even when lists are read from replicas
   * (one source moves forward steadily; round-robin replicas could step back in time between reads).
   */
  source?: Db;
  /** How old the index may be when a list is asked: past it, the list waits for a read of the changes. */
  freshnessMs: number;
  log?: { info(o: object, msg: string): void; warn(o: object, msg: string): void };
};

const BATCH = 20_000;
/** The customer sorts' quantities are cached as long as a page (products.service PAGE_TTL_MS). */
const QUANTITIES_TTL_MS = 5_000;
/** The suggestions' names are cached a minute (search.service.ts): the listed names as long. */
const NAMES_TTL_MS = 60_000;
/** Past this many changes since the last build, the postings and orders are rebuilt in memory. */
const COMPACT_AFTER = 50_000;
/** An index that has not read the changes for this long rebuilds: older change rows may be pruned. */
const REBUILD_AFTER_MS = 12 * 3_600_000;

export type IndexedList = { rows: CardRow[]; count: number };

/** A customer's products by quantity then id, ascending, and their slots in the store last asked. */
type OwnProducts = { ids: number[]; slots: { store: ListIndexStore; slots: Int32Array } | null };

/** The slots of a customer's products in `store` (found once per store: a rebuilt index has others). */
function slotsIn(own: OwnProducts, store: ListIndexStore): Int32Array {
  if (own.slots?.store !== store) {
    const slots = own.ids.map((id) => store.slotOf(id)).filter((slot) => slot >= 0);
    own.slots = { store, slots: Int32Array.from(slots) };
  }
  return own.slots.slots;
}

export class ListIndex {
  private store: ListIndexStore | null = null;
  private textSorts = false;
  private xmin = '0';
  private readAt = 0;
  private reading: Promise<void> | null = null;
  private stopped = false;
  private readonly names = new Map<'author' | 'label', { names: string[]; version: number; at: number }>();
  private readonly tsqueries = new TtlLruCache<SearchTerm[] | null>(10_000, 3_600_000);
  private readonly customerProducts = new TtlLruCache<OwnProducts>(2_000, QUANTITIES_TTL_MS);
  /** Resolves when the first build is done (or failed: lists then stay on SQL). */
  readonly ready: Promise<void>;

  private readonly db: Db;

  constructor(
    db: Db,
    private readonly options: ListIndexOptions,
  ) {
    this.db = options.source ?? db;
    this.ready = this.build().catch((error: Error) => {
      this.options.log?.warn({ err: error.message }, 'list index: build failed, lists stay on SQL');
    });
  }

  get isReady(): boolean {
    return this.store !== null;
  }

  stop() {
    this.stopped = true;
  }

  private async build() {
    const started = Date.now();
    const { xmin, collation } = await q.snapshotHorizon(this.db);
    const builder = ListIndexStore.builder();
    let after = 0;
    for (;;) {
      if (this.stopped) return;
      const batch = await q.loadProducts(this.db, after, BATCH);
      for (const row of batch) builder.add(row);
      if (batch.length < BATCH) break;
      after = batch[batch.length - 1]!.id;
      await yieldToRequests();
    }
    const store = builder.finish();
    this.xmin = xmin;
    this.textSorts = isCodePointCollation(collation);
    this.readAt = Date.now();
    this.store = store;
    await this.catchUp();
    this.options.log?.info(
      { products: store.size, ms: Date.now() - started, textSorts: this.textSorts },
      'list index: built',
    );
  }

  /**
   * Reads and applies what changed since the last read (one read at a time; callers share it), or
   * builds the index again when it read nothing for so long that change rows may be pruned.
   */
  private readChanges(): Promise<void> {
    this.reading ??= (async () => {
      try {
        if (Date.now() - this.readAt > REBUILD_AFTER_MS) await this.build();
        else await this.catchUp();
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }

  private async catchUp() {
    const readAt = Date.now();
    const changes = await q.changesSince(this.db, this.xmin);
    const store = this.store!;
    const ids = [...new Set(changes.productIds)];
    for (let i = 0; i < ids.length; i += BATCH) {
      const slice = ids.slice(i, i + BATCH);
      const rows = await q.reloadProducts(this.db, slice);
      const found = new Set(rows.map((r) => r.id));
      store.apply(
        rows,
        slice.filter((id) => !found.has(id)),
      );
    }
    if (store.changedSince() > COMPACT_AFTER) store.compact();
    this.xmin = changes.xmin;
    this.readAt = readAt;
  }

  /**
   * The authors or labels of listed products (the search suggestions' names), recomputed at most once
   * a minute, as the suggestions' names are cached; null until the index is built.
   */
  listedNames(facet: 'author' | 'label'): string[] | null {
    const store = this.store;
    if (!store) return null;
    const known = this.names.get(facet);
    if (known && (known.version === store.version || Date.now() - known.at < NAMES_TTL_MS))
      return known.names;
    const postings = store.facetPostings[facet];
    const names: string[] = [];
    for (const [value, base] of postings.base) {
      const listed = (slot: number) =>
        store.facetValue(facet, slot) === value && (store.flags[slot]! & FLAG.listed) !== 0;
      if (base.some(listed) || (postings.added.get(value) ?? []).some(listed))
        names.push(store.strings.values[value]!);
    }
    for (const [value, added] of postings.added) {
      if (postings.base.has(value)) continue;
      if (
        added.some(
          (slot) => store.facetValue(facet, slot) === value && (store.flags[slot]! & FLAG.listed) !== 0,
        )
      ) {
        names.push(store.strings.values[value]!);
      }
    }
    this.names.set(facet, { names, version: store.version, at: Date.now() });
    return names;
  }

  /**
   * A customer's products for the customer sorts, as old as a cached page may be (fresh when the
   * index itself must be: freshnessMs 0), ordered once for every page asked of them.
   */
  private ownProducts(
    customerId: number,
    metric: Parameters<typeof q.customerQuantities>[2],
  ): Promise<OwnProducts> {
    const load = async (): Promise<OwnProducts> => {
      const rows = await q.customerQuantities(this.db, customerId, metric);
      return { ids: rows.sort((a, b) => a.qty - b.qty || a.id - b.id).map((r) => r.id), slots: null };
    };
    if (this.options.freshnessMs === 0) return load();
    return this.customerProducts.getOrCompute(`${customerId} ${metric}`, load);
  }

  /** Search words as PostgreSQL normalises them; null when its answer is not plain words (SQL then). */
  private async terms(tsquery: string): Promise<SearchTerm[] | null> {
    const plain = asciiTerms(tsquery);
    if (plain) return plain.every((t) => isIndexedTerm(t.lexeme)) ? plain : null;
    return this.tsqueries.getOrCompute(tsquery, async () => {
      const terms = parseTsquery(await q.normaliseTsquery(this.db, tsquery));
      return terms?.every((t) => isIndexedTerm(t.lexeme)) ? terms : null;
    });
  }

  /**
   * A page of cards in the list's order and the count up to `countCap`, or null when the index cannot
   * answer this list (SQL does).
   */
  async list(
    filter: ProductFilter,
    sort: ProductSortSpec,
    page: { offset: number; limit: number },
    countCap: number,
  ): Promise<IndexedList | null> {
    if (!this.store || filter.sku !== undefined || filter.list === 'promo' || filter.search?.code)
      return null;
    const column: IndexSort = sort.kind === 'column' ? sort.column : 'release_date';
    if (column !== 'release_date' && !this.textSorts) return null;
    const terms = filter.search ? await this.terms(filter.search.tsquery) : [];
    if (terms === null) return null;
    if (Date.now() - this.readAt >= this.options.freshnessMs) await this.readChanges();
    const mine = sort.kind === 'customer' ? await this.ownProducts(sort.customerId, sort.metric) : null;
    // From here on synchronous: the matches live in the index's scratch bitset until the next list.
    const store = this.store;
    const own = mine ? slotsIn(mine, store) : new Int32Array(0);
    const matches = combine(store, conditionsOf(store, filter, terms));
    if (sort.kind === 'column') {
      const found = pageOf(store, matches, { column, dir: sort.dir }, page, countCap);
      return { rows: found.slots.map((s) => cardOf(store, s, filter.today)), count: found.count };
    }
    // The customer's own products first, by quantity (the id the tiebreak), then the rest newest first.
    const end = page.offset + page.limit;
    const first: number[] = [];
    let firstCount = 0;
    for (let k = 0; k < own.length; k++) {
      const slot = own[sort.dir === 'asc' ? k : own.length - 1 - k]!;
      if (!matchesSlot(matches.bits, slot)) continue;
      if (firstCount >= page.offset && firstCount < end) first.push(slot);
      firstCount++;
    }
    for (const slot of own) dropMatch(matches, slot);
    const rest = pageOf(
      store,
      matches,
      { column: 'release_date', dir: 'desc' },
      {
        offset: Math.max(0, page.offset - firstCount),
        limit: Math.max(0, end - Math.max(page.offset, firstCount)),
      },
      countCap,
    );
    return {
      rows: [...first, ...rest.slots].map((s) => cardOf(store, s, filter.today)),
      count: Math.min(countCap, firstCount + rest.count),
    };
  }
}

/**
 * `'neon' & 'hearts':*` → words; anything else to_tsquery may answer (a phrase `<->` when PostgreSQL's
 * parser splits a word, an empty query) is left to SQL.
 */
export function parseTsquery(text: string): SearchTerm[] | null {
  if (text.trim() === '') return null;
  const terms: SearchTerm[] = [];
  for (const part of text.split(' & ')) {
    const match = /^'((?:[^']|'')*)'(:\*)?$/.exec(part);
    if (!match) return null;
    terms.push({ lexeme: match[1]!.replaceAll("''", "'"), prefix: match[2] !== undefined });
  }
  return terms;
}

/**
 * The terms of a tsquery whose words are ASCII letters only, as to_tsquery('simple', …) gives them:
 * each word one token, lower-cased (the simple dictionary has no stop words). Null for any other
 * word (accents, digits), which PostgreSQL's parser normalises: the long tail of searches is mostly
 * plain words, and asking the database for each new one cost a round trip per list.
 */
export function asciiTerms(tsquery: string): SearchTerm[] | null {
  const terms = parseTsquery(tsquery);
  if (!terms?.every((t) => /^[A-Za-z]+$/.test(t.lexeme))) return null;
  return terms.map((t) => ({ lexeme: t.lexeme.toLowerCase(), prefix: t.prefix }));
}

/** Hours a change row is kept: an index that read nothing for REBUILD_AFTER_MS builds itself again. */
const CHANGES_KEPT_HOURS = 24;

/** The catalogue-changes job: deletes the change rows every index has read long ago. */
export function pruneCatalogueChanges(ctx: { db: Db }): Promise<number> {
  return q.pruneChanges(ctx.db, CHANGES_KEPT_HOURS);
}

const indexes = new WeakMap<Db, ListIndex>();

/** Starts building the index of this database's catalogue; lists use it once built. */
export function startListIndex(db: Db, options: ListIndexOptions): ListIndex {
  let index = indexes.get(db);
  if (!index) {
    index = new ListIndex(db, options);
    indexes.set(db, index);
  }
  return index;
}

export function listIndexOf(db: Db): ListIndex | undefined {
  return indexes.get(db);
}

export function stopListIndex(db: Db) {
  indexes.get(db)?.stop();
  indexes.delete(db);
}
