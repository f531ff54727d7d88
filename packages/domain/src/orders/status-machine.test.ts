import { describe, expect, it } from 'vitest';
import {
  canTransition,
  nextStatuses,
  ORDER_STATUSES,
  staffNextStatuses,
  statusChangeRefusal,
  trackingStep,
} from './status-machine';

describe('order status machine (DESIGN §6 rule 10)', () => {
  it.each([
    ['registered', 'confirmed', true],
    ['registered', 'shipped', false],
    ['pending', 'failed_payment', true],
    ['failed_payment', 'pending', true],
    ['picking', 'cancelled', false],
    ['on_ship', 'partially_shipped', true],
    ['partially_shipped', 'closed', true],
    ['shipped', 'on_ship', false],
    ['closed', 'registered', false],
    // DESIGN §6 rule 18: approve → the payment method's status; reject or withdraw → cancelled.
    ['awaiting_approval', 'registered', true],
    ['awaiting_approval', 'pending', true],
    ['awaiting_approval', 'cancelled', true],
    ['awaiting_approval', 'confirmed', false],
    ['awaiting_approval', 'shipped', false],
    ['registered', 'awaiting_approval', false],
    ['pending', 'awaiting_approval', false],
  ] as const)('%s → %s allowed: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('ends at cancelled and closed', () => {
    expect(nextStatuses('cancelled')).toEqual([]);
    expect(nextStatuses('closed')).toEqual([]);
  });

  it('maps every status to a tracking step', () => {
    const steps = Object.fromEntries(ORDER_STATUSES.map((s) => [s, trackingStep(s)]));
    expect(steps).toEqual({
      awaiting_approval: null,
      registered: 1,
      pending: 1,
      failed_payment: null,
      confirmed: 1,
      in_work: 1,
      picking: 1,
      ready_to_ship: 1,
      on_ship: 2,
      shipped: 2,
      delivered: 3,
      cancelled: null,
      partially_shipped: 2,
      closed: 3,
    });
  });
});

describe('what staff may do with an order now (DESIGN §6 rules 10, 18)', () => {
  const units = (residual: number, shipped: number) => ({ residual, shipped });

  it.each([
    ['on_ship', units(2, 0), []],
    ['on_ship', units(1, 1), ['partially_shipped']],
    ['on_ship', units(0, 3), ['shipped']],
    ['partially_shipped', units(1, 1), ['on_ship', 'closed']],
    ['partially_shipped', units(0, 2), ['on_ship', 'shipped', 'closed']],
    ['awaiting_approval', units(2, 0), ['cancelled']],
    ['registered', units(2, 0), ['confirmed', 'cancelled']],
    ['shipped', units(0, 2), ['delivered', 'closed']],
  ] as const)('%s with %j offers %j', (from, rows, offered) => {
    expect(staffNextStatuses(from, rows)).toEqual(offered);
  });

  it.each([
    ['on_ship', 'shipped', units(1, 0), 'The order still has 1 unit to ship: it cannot be marked shipped.'],
    ['on_ship', 'shipped', units(3, 1), 'The order still has 3 units to ship: it cannot be marked shipped.'],
    ['on_ship', 'partially_shipped', units(2, 0), 'Nothing of this order has been shipped yet.'],
    [
      'partially_shipped',
      'partially_shipped',
      units(0, 2),
      'The order cannot go from partially_shipped to partially_shipped.',
    ],
    ['on_ship', 'partially_shipped', units(0, 2), 'Nothing of this order is left to ship: mark it shipped.'],
    ['registered', 'shipped', units(1, 0), 'The order cannot go from registered to shipped.'],
    [
      'awaiting_approval',
      'registered',
      units(1, 0),
      "Decided by the company's approvers: this order can only be cancelled until they decide.",
    ],
    ['on_ship', 'shipped', units(0, 2), null],
  ] as const)('%s → %s with %j: %s', (from, to, rows, refusal) => {
    expect(statusChangeRefusal(from, to, rows)).toBe(refusal);
  });
});
