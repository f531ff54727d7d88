import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { CouponInputSchema, type CouponState, couponMessages, couponState } from './coupons';

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

/** POST/PUT /api/coupons bodies: what is stored, or which field answers 422 with what. */
describe('CouponInputSchema', () => {
  const base = { code: ' welcome10 ', kind: 'fixed', value: 1000 } as const;

  it('upper-cases and trims the code, and fills the optional fields with null and []', () => {
    expect(CouponInputSchema.parse(base)).toEqual({
      code: 'WELCOME10',
      kind: 'fixed',
      value: 1000,
      valid_from: null,
      valid_until: null,
      min_order: null,
      usage_limit: null,
      per_customer_limit: null,
      customer_ids: [],
      customer_group_ids: [],
    });
  });

  it.each([
    [
      'a percent over 100%',
      { ...base, kind: 'percent', value: 10_001 },
      'value',
      couponMessages.percentOver100,
    ],
    ['a zero value', { ...base, value: 0 }, 'value', undefined],
    ['a negative fixed amount', { ...base, value: -100 }, 'value', undefined],
    [
      'an end before the start',
      { ...base, valid_from: '2026-12-01', valid_until: '2026-11-30' },
      'valid_until',
      couponMessages.untilBeforeFrom,
    ],
    ['a code with spaces', { ...base, code: 'NO WAY' }, 'code', couponMessages.codeFormat],
    ['an empty code', { ...base, code: '  ' }, 'code', undefined],
    ['a negative minimum order', { ...base, min_order: -1 }, 'min_order', undefined],
    ['a usage limit of 0', { ...base, usage_limit: 0 }, 'usage_limit', undefined],
    ['a per-customer limit of 0', { ...base, per_customer_limit: 0 }, 'per_customer_limit', undefined],
    ['an unknown kind', { ...base, kind: 'gift' }, 'kind', undefined],
  ])('refuses %s on its field', (_name, body, field, message) => {
    const result = CouponInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue).toBeDefined();
    if (message) expect(issue?.message).toBe(message);
  });

  it('accepts 100% exactly, a one-day window and limits of 1', () => {
    const body = {
      ...base,
      kind: 'percent',
      value: 10_000,
      valid_from: '2026-11-21',
      valid_until: '2026-11-21',
      usage_limit: 1,
      per_customer_limit: 1,
      min_order: 0,
    };
    expect(CouponInputSchema.safeParse(body).success).toBe(true);
    expect(messages.couponUsedUp).toBe('This coupon has been used up.');
  });
});
