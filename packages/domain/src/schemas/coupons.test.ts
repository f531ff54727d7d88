import { describe, expect, it } from 'vitest';
import { type CouponState, couponState } from './coupons';

/** The state a customer sees for each of their coupons on 2026-11-21 (Europe/Rome). */

const open = { validFrom: '2026-11-01', validUntil: '2026-11-30', used: false };

describe('couponState', () => {
  it.each([
    ['within its window', open, 'valid'],
    ['on its first day', { ...open, validFrom: '2026-11-21' }, 'valid'],
    ['on its last day', { ...open, validUntil: '2026-11-21' }, 'valid'],
    ['without dates', { validFrom: null, validUntil: null, used: false }, 'valid'],
    ['the day after its last day', { ...open, validUntil: '2026-11-20' }, 'expired'],
    ['with only an end, passed', { validFrom: null, validUntil: '2026-01-31', used: false }, 'expired'],
    ['the day before its first day', { ...open, validFrom: '2026-11-22' }, 'not_yet_valid'],
    [
      'with only a start, to come',
      { validFrom: '2027-01-01', validUntil: null, used: false },
      'not_yet_valid',
    ],
    ['used within its window', { ...open, used: true }, 'used'],
    ['used and since expired', { ...open, validUntil: '2026-11-20', used: true }, 'used'],
  ] as const)('%s', (_name, coupon, expected: CouponState) => {
    expect(couponState(coupon, '2026-11-21')).toBe(expected);
  });
});
