import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { type CouponInput, couponProblem } from './coupon';

/** Issue 20 point 5: which message a coupon code gets, or none when it applies. */

const valid: CouponInput = {
  code: 'X',
  kind: 'percent',
  value: 1000,
  validFrom: '2026-01-01',
  validUntil: '2026-12-31',
  minOrder: null,
  usageLimit: null,
  perCustomerLimit: null,
  customerIds: [],
  customerGroupIds: [],
  used: 0,
  usedByCustomer: 0,
};
const buyer = { customerId: 7, customerGroupId: 3, net: 5000 };

describe('couponProblem (issue 20 point 5)', () => {
  it.each([
    ['a valid coupon applies', valid, null],
    ['on its last day it still applies', { ...valid, validUntil: '2026-11-21' }, null],
    ['a fixed coupon applies like a percent', { ...valid, kind: 'fixed', value: 1000 }, null],
    ["the customer's own coupon applies", { ...valid, customerIds: [7] }, null],
    ["his group's coupon applies", { ...valid, customerGroupIds: [3] }, null],
    ['one for him or another group applies', { ...valid, customerIds: [7], customerGroupIds: [9] }, null],
    ['an unknown code', null, messages.couponUnknown],
    ["another customer's coupon reads as unknown", { ...valid, customerIds: [8] }, messages.couponUnknown],
    ["another group's coupon reads as unknown", { ...valid, customerGroupIds: [4] }, messages.couponUnknown],
    [
      'a coupon not yet valid reads as unknown',
      { ...valid, validFrom: '2026-11-22' },
      messages.couponUnknown,
    ],
    ['an expired coupon', { ...valid, validUntil: '2026-11-20' }, messages.couponExpired],
    ['used up in total', { ...valid, usageLimit: 3, used: 3 }, messages.couponUsedUp],
    [
      'used up, its last use by this customer',
      { ...valid, customerIds: [7], usageLimit: 1, used: 1, usedByCustomer: 1 },
      messages.couponUsed,
    ],
    ['one use left in total', { ...valid, usageLimit: 3, used: 2 }, null],
    [
      'used by this customer up to his limit',
      { ...valid, perCustomerLimit: 1, used: 1, usedByCustomer: 1 },
      messages.couponUsed,
    ],
    ['used by others only', { ...valid, perCustomerLimit: 1, used: 5, usedByCustomer: 0 }, null],
    ['his second of two uses', { ...valid, perCustomerLimit: 2, used: 1, usedByCustomer: 1 }, null],
    [
      'below the minimum order',
      { ...valid, minOrder: 5001 },
      'This coupon needs an order of at least €50.01 net.',
    ],
    ['exactly the minimum order', { ...valid, minOrder: 5000 }, null],
    [
      'a fixed coupon larger than the order',
      { ...valid, kind: 'fixed', value: 5001 },
      'This coupon is worth €50.01 net, more than the order: add products to use it.',
    ],
    ['a fixed coupon as large as the order', { ...valid, kind: 'fixed', value: 5000 }, null],
    [
      'used up and expired: used up first',
      { ...valid, usageLimit: 1, used: 1, validUntil: '2026-11-20' },
      messages.couponUsedUp,
    ],
  ] as const)('%s', (_name, coupon, message) => {
    expect(couponProblem(coupon, buyer, '2026-11-21')).toBe(message);
  });

  it('a customer without a group gets only open coupons or his own', () => {
    const noGroup = { ...buyer, customerGroupId: null };
    expect(couponProblem({ ...valid, customerGroupIds: [3] }, noGroup, '2026-11-21')).toBe(
      messages.couponUnknown,
    );
    expect(couponProblem({ ...valid, customerIds: [7] }, noGroup, '2026-11-21')).toBeNull();
  });
});
