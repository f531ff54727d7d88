import { describe, expect, it } from 'vitest';
import { type CreditPosition, creditHoldFor, decidedByStaff, exposureOf, isOverduePastGrace } from './credit';

const today = '2026-03-10';
const position = (p: Partial<CreditPosition>): CreditPosition => ({
  creditLimit: null,
  blocked: false,
  exposure: 0,
  oldestUnpaidDueDate: null,
  ...p,
});

describe('credit control (issue 20 point 3, DESIGN §6 rule 18)', () => {
  it.each([
    ['no limit: any exposure passes', position({ exposure: 9_999_999 }), 500_000, 0, null],
    ['no limit: overdue invoices do not hold', position({ oldestUnpaidDueDate: '2025-01-01' }), 100, 0, null],
    ['within the limit', position({ creditLimit: 100_000, exposure: 40_000 }), 50_000, 0, null],
    ['exactly at the limit passes', position({ creditLimit: 100_000, exposure: 40_000 }), 60_000, 0, null],
    [
      'one cent over the limit',
      position({ creditLimit: 100_000, exposure: 40_000 }),
      60_001,
      0,
      'credit_limit',
    ],
    ['an order alone over the limit', position({ creditLimit: 10_000 }), 10_001, 0, 'credit_limit'],
    [
      'overdue within the grace days',
      position({ creditLimit: 100_000, oldestUnpaidDueDate: '2026-03-05' }),
      100,
      5,
      null,
    ],
    [
      'due today is not overdue',
      position({ creditLimit: 100_000, oldestUnpaidDueDate: today }),
      100,
      0,
      null,
    ],
    [
      'one day past the grace days',
      position({ creditLimit: 100_000, oldestUnpaidDueDate: '2026-03-04' }),
      100,
      5,
      'overdue_invoices',
    ],
    [
      'overdue wins over the limit',
      position({ creditLimit: 100, oldestUnpaidDueDate: '2026-01-01' }),
      5_000,
      0,
      'overdue_invoices',
    ],
    ['blocked without a limit', position({ blocked: true }), 100, 0, 'blocked'],
    [
      'blocked with a limit and room left',
      position({ blocked: true, creditLimit: 1_000_000 }),
      100,
      0,
      'blocked',
    ],
  ] as const)('%s', (_name, p, total, graceDays, expected) => {
    expect(creditHoldFor(p, { total, graceDays, today })).toBe(expected);
  });

  it('counts grace days in calendar days, across month and year ends', () => {
    expect(isOverduePastGrace('2026-02-25', 5, '2026-03-02')).toBe(false);
    expect(isOverduePastGrace('2026-02-25', 5, '2026-03-03')).toBe(true);
    expect(isOverduePastGrace('2028-02-28', 1, '2028-02-29')).toBe(false);
    expect(isOverduePastGrace('2028-02-28', 1, '2028-03-01')).toBe(true);
    expect(isOverduePastGrace('2026-12-30', 3, '2027-01-02')).toBe(false);
    expect(isOverduePastGrace('2026-12-30', 3, '2027-01-03')).toBe(true);
  });
});

describe('exposure (issue 20 point 3)', () => {
  it('adds unpaid instalments and the open orders’ part not yet invoiced, to the cent', () => {
    const figures = exposureOf({
      unpaidInstalments: [
        { orderId: 1, amount: 61_000 },
        { orderId: 1, amount: 61_001 },
        { orderId: null, amount: 999 },
      ],
      creditNotes: [],
      openOrders: [
        { total: 50_000, invoiced: 12_345 },
        { total: 10_000, invoiced: 0 },
      ],
    });
    expect(figures).toEqual({ unpaidInvoices: 123_000, openOrders: 47_655, exposure: 170_655 });
  });

  it('a credit note lowers what its order still owes, never below zero; against paid invoices it does not count', () => {
    const figures = exposureOf({
      unpaidInstalments: [
        { orderId: 1, amount: 10_000 },
        { orderId: 2, amount: 5_000 },
      ],
      creditNotes: [
        { orderId: 1, amount: 2_500 },
        { orderId: 2, amount: 8_000 },
        { orderId: 3, amount: 4_000 },
      ],
      openOrders: [{ total: 1_000, invoiced: 3_000 }],
    });
    expect(figures).toEqual({ unpaidInvoices: 7_500, openOrders: 0, exposure: 7_500 });
  });

  it('credit reasons are decided by staff, spending limits by the company', () => {
    expect(decidedByStaff('credit_limit')).toBe(true);
    expect(decidedByStaff('overdue_invoices')).toBe(true);
    expect(decidedByStaff('order_limit')).toBe(false);
    expect(decidedByStaff(null)).toBe(false);
  });
});
