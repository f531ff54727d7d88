import { describe, expect, it } from 'vitest';
import { type AllocatableRow, allocateStock, canTakeStock, deallocateStock } from './stock-allocation';

const TODAY = '2026-11-21';

function row(
  id: number,
  orderDate: string,
  residual: number,
  ready = 0,
  extra: Partial<AllocatableRow> = {},
) {
  return {
    id,
    orderDate: new Date(orderDate),
    residual,
    ready,
    isPreorder: false,
    releaseDate: null,
    preorderDays: 0,
    ...extra,
  } satisfies AllocatableRow;
}

const preorder = (id: number, orderDate: string, releaseDate: string, preorderDays: number) =>
  row(id, orderDate, 5, 0, { isPreorder: true, releaseDate, preorderDays });

describe('allocation of arriving stock (DESIGN §6 rule 11)', () => {
  it.each([
    {
      name: 'fills the oldest order first, the newer ones with what is left',
      rows: [
        row(3, '2026-11-20T10:00:00Z', 4),
        row(1, '2026-11-01T10:00:00Z', 3),
        row(2, '2026-11-10T10:00:00Z', 5),
      ],
      free: 6,
      expected: [
        { rowId: 1, quantity: 3 },
        { rowId: 2, quantity: 3 },
      ],
    },
    {
      name: 'orders placed at the same instant go by row id',
      rows: [row(9, '2026-11-01T10:00:00Z', 2), row(4, '2026-11-01T10:00:00Z', 2)],
      free: 3,
      expected: [
        { rowId: 4, quantity: 2 },
        { rowId: 9, quantity: 1 },
      ],
    },
    {
      name: 'tops up a partly ready row only to its residual',
      rows: [row(1, '2026-11-01T10:00:00Z', 5, 3), row(2, '2026-11-02T10:00:00Z', 2)],
      free: 10,
      expected: [
        { rowId: 1, quantity: 2 },
        { rowId: 2, quantity: 2 },
      ],
    },
    {
      name: 'skips rows already fully ready',
      rows: [row(1, '2026-11-01T10:00:00Z', 4, 4), row(2, '2026-11-02T10:00:00Z', 1)],
      free: 1,
      expected: [{ rowId: 2, quantity: 1 }],
    },
    {
      name: 'nothing free gives nothing',
      rows: [row(1, '2026-11-01T10:00:00Z', 4)],
      free: 0,
      expected: [],
    },
    {
      name: 'stock already over-allocated (free below zero) gives nothing',
      rows: [row(1, '2026-11-01T10:00:00Z', 4)],
      free: -2,
      expected: [],
    },
    {
      name: 'a pre-order outside its window waits; a newer row inside it takes the stock',
      rows: [
        preorder(1, '2026-10-01T10:00:00Z', '2027-03-01', 30),
        preorder(2, '2026-11-01T10:00:00Z', '2026-12-01', 10),
        row(3, '2026-11-05T10:00:00Z', 2),
      ],
      free: 6,
      expected: [
        { rowId: 2, quantity: 5 },
        { rowId: 3, quantity: 1 },
      ],
    },
    {
      name: 'a pre-order whose window opens today takes stock',
      rows: [preorder(1, '2026-10-01T10:00:00Z', '2026-12-01', 10)],
      free: 5,
      expected: [{ rowId: 1, quantity: 5 }],
    },
  ])('$name', ({ rows, free, expected }) => {
    const allocations = allocateStock(rows, free, TODAY);
    expect(allocations).toEqual(expected);
    // Invariant: never more than is free, never beyond a row's not-ready residual.
    const given = allocations.reduce((sum, a) => sum + a.quantity, 0);
    expect(given).toBeLessThanOrEqual(Math.max(0, free));
    for (const a of allocations) {
      const r = rows.find((x) => x.id === a.rowId)!;
      expect(a.quantity).toBeGreaterThan(0);
      expect(r.ready + a.quantity).toBeLessThanOrEqual(r.residual);
    }
  });
});

describe('pre-order window (the customer’s pre-order days before the release)', () => {
  it.each([
    [{ isPreorder: false, releaseDate: '2027-03-01', preorderDays: 0 }, true, 'not a pre-order'],
    [{ isPreorder: true, releaseDate: null, preorderDays: 0 }, true, 'no release date'],
    [{ isPreorder: true, releaseDate: '2026-11-21', preorderDays: 0 }, true, 'released today'],
    [{ isPreorder: true, releaseDate: '2026-11-22', preorderDays: 0 }, false, 'released tomorrow, no days'],
    [{ isPreorder: true, releaseDate: '2026-11-22', preorderDays: 1 }, true, 'released tomorrow, 1 day'],
    [{ isPreorder: true, releaseDate: '2026-12-21', preorderDays: 30 }, true, '30 days ahead, 30 days'],
    [{ isPreorder: true, releaseDate: '2026-12-22', preorderDays: 30 }, false, '31 days ahead, 30 days'],
    [{ isPreorder: true, releaseDate: '2026-03-01', preorderDays: 0 }, true, 'released long ago'],
  ] as const)('%o → %s (%s)', (input, expected, _case) => {
    expect(canTakeStock(input, TODAY)).toBe(expected);
  });
});

describe('taking stock back when on hand falls below what is allocated', () => {
  it.each([
    {
      case: 'the newest order gives first, then the next newest',
      rows: [row(1, '2026-11-01', 3, 3), row(2, '2026-11-03', 4, 4), row(3, '2026-11-02', 2, 2)],
      excess: 5,
      expected: [
        { rowId: 2, quantity: 4 },
        { rowId: 3, quantity: 1 },
      ],
    },
    {
      case: 'rows of one order: the higher row id gives first',
      rows: [row(7, '2026-11-01', 3, 2), row(8, '2026-11-01', 3, 1)],
      excess: 2,
      expected: [
        { rowId: 8, quantity: 1 },
        { rowId: 7, quantity: 1 },
      ],
    },
    {
      case: 'rows without ready units are passed over',
      rows: [row(1, '2026-11-01', 3, 3), row(2, '2026-11-05', 4, 0)],
      excess: 2,
      expected: [{ rowId: 1, quantity: 2 }],
    },
    {
      case: 'more to take back than is ready: every ready unit, no more',
      rows: [row(1, '2026-11-01', 3, 1), row(2, '2026-11-02', 4, 2)],
      excess: 9,
      expected: [
        { rowId: 2, quantity: 2 },
        { rowId: 1, quantity: 1 },
      ],
    },
    { case: 'nothing to take back', rows: [row(1, '2026-11-01', 3, 3)], excess: 0, expected: [] },
  ])('$case', ({ rows, excess, expected }) => {
    const taken = deallocateStock(rows, excess);
    expect(taken).toEqual(expected);
    const ready = rows.reduce((sum, r) => sum + r.ready, 0);
    expect(taken.reduce((sum, t) => sum + t.quantity, 0)).toBe(Math.min(excess, ready));
  });
});
