import { describe, expect, it } from 'vitest';
import { type EarlierReturnRow, returnableQuantity } from './returnable';

const row = (status: EarlierReturnRow['status'], quantity: number, receivedQty: number | null = null) => ({
  status,
  quantity,
  receivedQty,
});

describe('returnable quantity of an order row (issue 21 point 5)', () => {
  it.each([
    ['nothing returned yet', 3, [], 3],
    ['nothing shipped', 0, [], 0],
    ['a request holds what it asks', 3, [row('requested', 2)], 1],
    ['an authorised return holds what it asks', 3, [row('authorised', 3)], 0],
    ['a refused return holds nothing', 3, [row('refused', 3)], 3],
    ['a cancelled return holds nothing', 3, [row('cancelled', 2)], 3],
    ['a received return holds what came back', 3, [row('received', 2, 1)], 2],
    ['a credited return holds what came back', 3, [row('credited', 3, 3)], 0],
    ['a received return where nothing came back', 2, [row('received', 2, 0)], 2],
    [
      'several returns add up',
      5,
      [row('requested', 1), row('received', 2, 1), row('refused', 4), row('credited', 1, 1)],
      2,
    ],
    ['never below zero', 1, [row('requested', 2)], 0],
  ] as const)('%s', (_name, shipped, earlier, expected) => {
    const left = returnableQuantity(shipped, earlier);
    expect(left).toBe(expected);
    // Invariant: what is left and what the counting returns hold never exceed what was shipped.
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBeLessThanOrEqual(shipped);
  });
});
