import { describe, expect, it } from 'vitest';
import { combine, type Matches, markedPage, pageOf, walkedPage } from './list-index.search';
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

/** The matches of these slots: their bitset, count and non-zero words. */
function bitsOf(slots: number[]): Matches {
  const bits = new Uint32Array((store.size + 31) >>> 5);
  for (const s of slots) bits[s >>> 5]! |= 1 << (s & 31);
  const words = Int32Array.from(bits.keys()).filter((w) => bits[w] !== 0);
  return { bits, count: new Set(slots).size, words };
}

function sample(density: number) {
  const slots: number[] = [];
  for (let s = 0; s < store.size; s++) if (store.flags[s] !== 0 && next() < density) slots.push(s);
  return slots;
}

/** Products of one title word: together in the title order, so walking it finds them late. */
const clustered = () =>
  Array.from({ length: store.size }, (_, s) => s).filter(
    (s) => store.flags[s] !== 0 && store.description[s]!.startsWith('Neon'),
  );

describe('list index pages', () => {
  const cases = [
    ...[0.001, 0.02, 0.3, 1].map((d) => [`${d * 100}% of the products matching`, () => sample(d)] as const),
    ['the products of one title word', clustered] as const,
  ];
  for (const [name, slotsOf] of cases) {
    it(`finds the same page both ways, ${name}`, () => {
      const slots = slotsOf();
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
            expect(markedPage(store, matches, sort, from, end)).toEqual(expected);
            const page = pageOf(store, matches, sort, { offset: from, limit: size }, 10_001);
            expect(page).toEqual({ slots: expected, count: ordered.length });
          }
        }
      }
    });
  }

  it('stops walking past its budget (the page is then found by marking)', () => {
    const matches = bitsOf(clustered());
    const sort = { column: 'title', dir: 'asc' } as const;
    expect(walkedPage(store, matches.bits, sort, 0, 24, 100)).toBeNull();
    expect(walkedPage(store, matches.bits, sort, 0, 24)).toHaveLength(24);
  });

  for (const parts of [1, 3, 7]) {
    it(`combines ${parts} conditions into their AND and counts it`, () => {
      const conditions = Array.from({ length: parts }, (_, p) => sample([0.5, 0.05, 0.9, 0.8, 0.95][p % 5]!));
      const all = conditions.map((slots) => new Set(slots));
      const both = conditions[0]!.filter((s) => all.every((set) => set.has(s)));
      // Twice: the scratch bitset of the first list must not leak into the second.
      combine(store, [bitsOf(sample(0.7))]);
      const combined = combine(
        store,
        conditions.map((slots) => bitsOf(slots)),
      );
      const expected = bitsOf(both);
      expect(combined.count).toBe(both.length);
      expect(Array.from(combined.bits)).toEqual(Array.from(expected.bits));
      expect(Array.from(combined.words)).toEqual(Array.from(expected.words));
    });
  }
});
