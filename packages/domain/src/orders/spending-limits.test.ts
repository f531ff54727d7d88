import { describe, expect, it } from 'vitest';
import { approvalReasonFor, shopMonthOf } from './spending-limits';

const none = { orderLimit: null, monthlyLimit: null };

describe('spending limits (DESIGN §6 rule 18, issue 19)', () => {
  it('a buyer without limits never needs approval', () => {
    expect(approvalReasonFor(none, 10_000_000, 50_000_000)).toBeNull();
  });

  it('per order: 500 € is within a 500 € limit, 500.01 € is over it', () => {
    const limits = { orderLimit: 50_000, monthlyLimit: null };
    expect(approvalReasonFor(limits, 50_000, 0)).toBeNull();
    expect(approvalReasonFor(limits, 50_001, 0)).toBe('order_limit');
  });

  it('per month: what was spent this month counts, up to the limit included', () => {
    const limits = { orderLimit: null, monthlyLimit: 100_000 };
    expect(approvalReasonFor(limits, 40_000, 60_000)).toBeNull();
    expect(approvalReasonFor(limits, 40_001, 60_000)).toBe('monthly_limit');
    // The previous month's spending is not passed in: a new month starts from zero.
    expect(approvalReasonFor(limits, 90_000, 0)).toBeNull();
  });

  it('the per-order reason wins when both limits are passed', () => {
    expect(approvalReasonFor({ orderLimit: 10_000, monthlyLimit: 20_000 }, 30_000, 0)).toBe('order_limit');
  });

  it('a limit changed while an order waits applies to the next order; the waiting one keeps its reason', () => {
    const waiting = approvalReasonFor({ orderLimit: 50_000, monthlyLimit: null }, 60_000, 0);
    expect(waiting).toBe('order_limit');
    // The admin raises the limit to 1,000 €: the same amount would now pass. The stored reason is the
    // one decided at placing; the approver still decides that order.
    expect(approvalReasonFor({ orderLimit: 100_000, monthlyLimit: null }, 60_000, 0)).toBeNull();
    // Lowered to 100 €: a 200 € order now waits.
    expect(approvalReasonFor({ orderLimit: 10_000, monthlyLimit: null }, 20_000, 0)).toBe('order_limit');
  });

  it('months are the shop’s (Europe/Rome): 23:30 UTC on 31 January is already February in Italy', () => {
    expect(shopMonthOf(new Date('2026-01-31T22:59:59Z'))).toBe('2026-01');
    expect(shopMonthOf(new Date('2026-01-31T23:30:00Z'))).toBe('2026-02');
    // Summer time: 22:30 UTC on 31 July is 00:30 on 1 August in Rome.
    expect(shopMonthOf(new Date('2026-07-31T22:30:00Z'))).toBe('2026-08');
    expect(shopMonthOf(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01');
  });
});
