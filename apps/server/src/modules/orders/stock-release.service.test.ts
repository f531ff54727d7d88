import { describe, expect, it } from 'vitest';
import { release } from './stock-release.service';

const row = (id: number, onHand: number, ordered: number) => ({
  id,
  productId: 1,
  warehouseId: id,
  onHand,
  ordered,
});

describe('giving back reserved stock (DESIGN §6 rule 14)', () => {
  it.each([
    [
      'the units reserved beyond stock first',
      [row(1, 4, 10), row(2, 5, 5)],
      6,
      [{ stockId: 1, quantity: 6 }],
    ],
    [
      'then from the warehouse with most reserved',
      [row(1, 4, 6), row(2, 5, 5)],
      6,
      [{ stockId: 1, quantity: 6 }],
    ],
    [
      'across warehouses when one is not enough',
      [row(1, 0, 2), row(2, 5, 5)],
      4,
      [
        { stockId: 1, quantity: 2 },
        { stockId: 2, quantity: 2 },
      ],
    ],
    ['never below zero', [row(1, 0, 2)], 5, [{ stockId: 1, quantity: 2 }]],
    ['nothing when nothing is reserved', [row(1, 3, 0)], 2, []],
  ])('%s', (_, rows, quantity, expected) => {
    const released = release(rows, quantity);
    expect(released).toEqual(expected);
    // Every unit given back was reserved: no stock row goes below zero.
    for (const r of rows)
      expect(r.ordered - (released.find((x) => x.stockId === r.id)?.quantity ?? 0)).toBeGreaterThanOrEqual(0);
  });
});
