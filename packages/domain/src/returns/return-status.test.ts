import { describe, expect, it } from 'vitest';
import { RETURN_STATUSES } from '../constants';
import { canReturnTransition, nextReturnStatuses, returnCounts } from './return-status';

describe('return status machine (DESIGN §6 rule 19)', () => {
  it.each([
    ['requested', 'authorised', true],
    ['requested', 'refused', true],
    ['requested', 'received', false],
    ['requested', 'cancelled', false],
    ['requested', 'credited', false],
    ['authorised', 'received', true],
    ['authorised', 'cancelled', true],
    ['authorised', 'refused', false],
    ['authorised', 'credited', false],
    ['received', 'credited', true],
    ['received', 'cancelled', false],
    ['received', 'authorised', false],
    ['credited', 'received', false],
    ['refused', 'authorised', false],
    ['cancelled', 'authorised', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canReturnTransition(from, to)).toBe(allowed);
  });

  it('ends at refused, cancelled and credited', () => {
    const ends = RETURN_STATUSES.filter((s) => nextReturnStatuses(s).length === 0);
    expect(ends).toEqual(['refused', 'cancelled', 'credited']);
  });

  it('counts every return but the refused and cancelled ones', () => {
    expect(RETURN_STATUSES.filter(returnCounts)).toEqual(['requested', 'authorised', 'received', 'credited']);
  });
});
