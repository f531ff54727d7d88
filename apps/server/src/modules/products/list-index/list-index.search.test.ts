import { describe, expect, it } from 'vitest';
import { combine, markedPage, pageOf, walkedPage } from './list-index.search';
import { INDEX_SORTS, type IndexRow, ListIndexStore } from './list-index.store';

/**
 * The two ways list-index.search.ts finds a page (walking the sort order, or marking the matches'
 * places) against the plain answer: the sort order filtered by the matches, then sliced. Over a
 * synthetic store with ties, missing values and densities from one match in a thousand to all.
 */

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), s | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
  };
}

const next = random(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

function row(id: number): IndexRow {
  return {
    id,
    listed: next() < 0.95,
    in_stock: true,
    on_request: false,
    preorders: false,
    essential: false,
    featured: false,
    release_day: next() < 0.1 ? null : 18_000 + Math.floor(next() * 400),
    category_id: 1,
    subcategory_id: null,
    label: null,
    author: next() < 0.2 ? null : pick(['Abba', 'Battiato', 'Dalla', 'Mina', 'Zero']),
    area: null,
    support: pick(['CD', 'LP', null]),
    distribution: pick(['Sony', 'Warner', null]),
    genre: null,
    description: `${pick(['Notte', 'Neon', 'Amore'])} ${Math.floor(next() * 50)}`,
    lexemes: [],
    sku: `SKU-${id}`,
    vat_id: 1,
    available_qty: 1,
    low_stock_threshold: 0,
    has_variants: false,
    coming_soon: false,
    price: 1000,
    variant_value: null,
    is_default_variant: false,
    cover_path: null,
    campaigns: null,
  };
}

const builder = ListIndexStore.builder();
for (let id = 1; id <= 5_000; id++) builder.add(row(id * 3));
const store = builder.finish();

function bitsOf(slots: number[]) {
  const bits = new Uint32Array((store.size + 31) >>> 5);
  for (const s of slots) bits[s >>> 5]! |= 1 << (s & 31);
  return { bits, count: new Set(slots).size };
}

function sample(density: number) {
  const slots: number[] = [];
  for (let s = 0; s < store.size; s++) if (store.flags[s] !== 0 && next() < density) slots.push(s);
  return slots;
}

describe('list index pages', () => {
  for (const density of [0.001, 0.02, 0.3, 1]) {
    it(`finds the same page both ways, ${density * 100}% of the products matching`, () => {
      const slots = sample(density);
      const matches = bitsOf(slots);
      const chosen = new Set(slots);
      for (const column of INDEX_SORTS) {
        for (const dir of ['asc', 'desc'] as const) {
          const o = store.orders.get(column)!;
          const ordered = Array.from(o.order.subarray(0, o.length)).filter((s) => chosen.has(s));
          if (dir === 'desc') ordered.reverse();
          for (const [from, size] of [
            [0, 24],
            [0, 1],
            [31, 33],
            [96, 100],
            [Math.max(0, ordered.length - 5), 24],
          ] as const) {
            const expected = ordered.slice(from, from + size);
            const end = Math.min(from + size, ordered.length);
            const sort = { column, dir };
            expect(walkedPage(store, matches.bits, sort, from, end)).toEqual(expected);
            expect(markedPage(store, matches.bits, sort, from, end)).toEqual(expected);
            const page = pageOf(store, matches, sort, { offset: from, limit: size }, 10_001);
            expect(page).toEqual({ slots: expected, count: ordered.length });
          }
        }
      }
    });
  }

  it('combines conditions into their AND and counts it', () => {
    const a = sample(0.5);
    const b = sample(0.05);
    const c = sample(0.9);
    const inB = new Set(b);
    const inC = new Set(c);
    const both = a.filter((s) => inB.has(s) && inC.has(s));
    const combined = combine(store, [bitsOf(a), bitsOf(b), bitsOf(c)]);
    expect(combined.count).toBe(both.length);
    expect(Array.from(combined.bits)).toEqual(Array.from(bitsOf(both).bits));
  });
});
