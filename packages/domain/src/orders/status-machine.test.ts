import { describe, expect, it } from 'vitest';
import { canTransition, nextStatuses, ORDER_STATUSES, trackingStep } from './status-machine';

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
