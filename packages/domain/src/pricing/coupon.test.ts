import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { type CouponInput, couponProblem } from './coupon';

/** SPEC §9 coupon: which message a coupon code gets, or none when it applies. */

const valid: CouponInput = {
  code: 'X',
  value: 1000,
  customerId: null,
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  used: false,
};
describe('couponProblem (SPEC §9 coupon)', () => {
  it.each([
    ['a valid coupon applies', valid, null],
    ['on its last day it still applies', { ...valid, validUntil: '2026-11-21' }, null],
    ["the customer's own coupon applies", { ...valid, customerId: 7 }, null],
    ['an unknown code', null, messages.couponUnknown],
    ["another customer's coupon reads as unknown", { ...valid, customerId: 8 }, messages.couponUnknown],
    [
      'a coupon not yet valid reads as unknown',
      { ...valid, validFrom: '2026-11-22' },
      messages.couponUnknown,
    ],
    ['an expired coupon', { ...valid, validUntil: '2026-11-20' }, messages.couponExpired],
    ['a used coupon', { ...valid, customerId: 7, used: true }, messages.couponUsed],
  ] as const)('%s', (_name, coupon, message) => {
    expect(couponProblem(coupon, 7, '2026-11-21')).toBe(message);
  });
});
