import { describe, expect, it } from 'vitest';
import { availabilityOf, type Reference, uploadUrl } from './product-cards.service';
import { toFilter, toSort } from './product-filters.service';

const TODAY = '2026-11-21';
const row = (over: Partial<Parameters<typeof availabilityOf>[0]> = {}) => ({
  available_qty: 10,
  available_for_preorders: false,
  available_on_request: false,
  release_date: '2026-01-01',
  low_stock_threshold: 3,
  ...over,
});

describe('availabilityOf', () => {
  it.each([
    [
      'a pre-order until its release date',
      row({ available_for_preorders: true, release_date: '2026-12-01', available_qty: -2 }),
      'preorder',
    ],
    [
      'a released pre-order by its stock',
      row({ available_for_preorders: true, release_date: TODAY, available_qty: 0 }),
      'out_of_stock',
    ],
    ['on request when none is free', row({ available_on_request: true, available_qty: 0 }), 'on_request'],
    ['on request with stock is in stock', row({ available_on_request: true, available_qty: 9 }), 'in_stock'],
    ['out of stock below zero', row({ available_qty: -1 }), 'out_of_stock'],
    ['low stock at the threshold', row({ available_qty: 3 }), 'low_stock'],
    ['in stock above it', row({ available_qty: 4 }), 'in_stock'],
    ['low stock up to 5 without a threshold', row({ available_qty: 5, low_stock_threshold: 0 }), 'low_stock'],
    ['in stock from 6 without a threshold', row({ available_qty: 6, low_stock_threshold: 0 }), 'in_stock'],
  ] as const)('%s', (_name, product, state) => {
    expect(availabilityOf(product, TODAY)).toBe(state);
  });
});

describe('toFilter and toSort', () => {
  const reference: Reference = {
    categories: new Map([[1, 'MUSICA']]),
    subcategories: new Map([[7, 'LP']]),
    categoryIds: new Map([['MUSICA', 1]]),
    subcategoryIds: new Map([['LP', 7]]),
    vatRates: new Map(),
  };

  it('resolves codes to ids (an unknown one matches nothing) and merges filter=<facet>&value=', () => {
    const f = toFilter(
      { category: 'MUSICA', subcategory: 'NOPE', filter: 'label', value: 'Vinile Nero' },
      TODAY,
      reference,
    );
    expect(f.facets).toEqual({ category: [1], subcategory: [-1], label: ['Vinile Nero'] });
  });

  it('turns latest and released into one release window ending today, the narrower winning', () => {
    expect(toFilter({ latest: true, released: 'last_week' }, TODAY, reference)).toMatchObject({
      releasedFrom: '2026-11-14',
      releasedTo: TODAY,
    });
    expect(toFilter({ released: 'last_month' }, TODAY, reference).releasedFrom).toBe('2026-10-21');
    expect(toFilter({ upcoming: true }, TODAY, reference).releasedAfter).toBe(TODAY);
  });

  it('maps product types to supports, OTHER to every support not listed', () => {
    expect(toFilter({ type: 'BLU_RAY' }, TODAY, reference).supports).toEqual({ include: ['Blu-ray'] });
    expect(toFilter({ type: 'OTHER' }, TODAY, reference).supports).toEqual({
      exclude: ['CD', 'LP', 'EP', 'MC', 'SACD', 'DVD', 'Blu-ray', 'VHS', 'Libro', 'T-shirt'],
    });
  });

  it('refuses filter=<facet> without a value', () => {
    expect(() => toFilter({ filter: 'genre' }, TODAY, reference)).toThrow('Required');
  });

  it('sorts newest first by default, soonest first for coming releases, text ascending', () => {
    const customer = {
      userId: 1,
      email: 'a@b.it',
      isSuperAdmin: false,
      customerId: 5,
      customerRole: 'admin' as const,
      sessionId: 1,
      tokenId: null,
      impersonator: null,
    };
    expect(toSort({}, customer)).toEqual({ kind: 'column', column: 'release_date', dir: 'desc' });
    expect(toSort({ upcoming: true }, customer)).toEqual({
      kind: 'column',
      column: 'release_date',
      dir: 'asc',
    });
    expect(toSort({ sort: 'author' }, customer)).toEqual({ kind: 'column', column: 'author', dir: 'asc' });
    expect(toSort({ sort: 'backorder' }, customer)).toEqual({
      kind: 'customer',
      metric: 'backorder',
      dir: 'desc',
      customerId: 5,
    });
    expect(toSort({ sort: 'backorder' }, { ...customer, customerId: null })).toEqual({
      kind: 'column',
      column: 'release_date',
      dir: 'desc',
    });
  });

  it('serves stored paths under /uploads and keeps absolute URLs', () => {
    expect(uploadUrl('covers/MU-000001.svg')).toBe('/uploads/covers/MU-000001.svg');
    expect(uploadUrl('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
    expect(uploadUrl(null)).toBeNull();
  });
});
