import { describe, expect, it } from 'vitest';
import { dueDates, invoicePaymentStatus, type TermsInstalment } from './due-dates';

const endOfMonth30: TermsInstalment[] = [{ days: 30, endOfMonth: true, share: 10_000 }];
const days60: TermsInstalment[] = [{ days: 60, endOfMonth: false, share: 10_000 }];
const immediate: TermsInstalment[] = [{ days: 0, endOfMonth: false, share: 10_000 }];
const thirds: TermsInstalment[] = [
  { days: 30, endOfMonth: false, share: 3334 },
  { days: 60, endOfMonth: false, share: 3333 },
  { days: 90, endOfMonth: false, share: 3333 },
];

const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + r.amount, 0);

describe('due dates from payment terms', () => {
  it.each([
    ['30 days end of month from 31 Jan (non-leap 2027)', '2027-01-31', endOfMonth30, ['2027-03-31']],
    ['30 days end of month from 30 Jan (non-leap 2027)', '2027-01-30', endOfMonth30, ['2027-03-31']],
    ['30 days end of month from 29 Jan (non-leap 2027)', '2027-01-29', endOfMonth30, ['2027-02-28']],
    ['30 days end of month from 30 Jan (leap 2028)', '2028-01-30', endOfMonth30, ['2028-02-29']],
    ['30 days end of month from 31 Jan (leap 2028)', '2028-01-31', endOfMonth30, ['2028-03-31']],
    ['30 days end of month from 15 Jan (leap 2028)', '2028-01-15', endOfMonth30, ['2028-02-29']],
    ['30 days end of month from 15 Jan (non-leap 2026)', '2026-01-15', endOfMonth30, ['2026-02-28']],
    ['30 days end of month from 15 Dec crossing the year', '2026-12-15', endOfMonth30, ['2027-01-31']],
    ['60 days from 15 Dec crossing the year', '2026-12-15', days60, ['2027-02-13']],
    ['60 days from 31 Dec into a leap February', '2027-12-31', days60, ['2028-02-29']],
    ['immediate: the invoice date', '2026-03-10', immediate, ['2026-03-10']],
    ['no instalments: the invoice date', '2026-03-10', [], ['2026-03-10']],
    ['30/60/90 from 10 Nov', '2026-11-10', thirds, ['2026-12-10', '2027-01-09', '2027-02-08']],
  ])('%s', (_, date, terms, expected) => {
    const rows = dueDates(date, 12_345, terms);
    expect(rows.map((r) => r.due_date)).toEqual(expected);
    expect(sum(rows)).toBe(12_345);
  });

  it.each([
    ['30/60/90 of 100.01 EUR', 10_001, thirds, [3335, 3333, 3333]],
    ['30/60/90 of 0.02 EUR', 2, thirds, [1, 1, 0]],
    [
      'halves of 0.01 EUR: the earlier instalment takes the cent',
      1,
      [
        { days: 30, endOfMonth: false, share: 5000 },
        { days: 60, endOfMonth: false, share: 5000 },
      ],
      [1, 0],
    ],
    [
      'halves of 100.01 EUR',
      10_001,
      [
        { days: 30, endOfMonth: false, share: 5000 },
        { days: 60, endOfMonth: false, share: 5000 },
      ],
      [5001, 5000],
    ],
    [
      'a third of 1.00 EUR three ways',
      100,
      [
        { days: 0, endOfMonth: false, share: 3333 },
        { days: 30, endOfMonth: false, share: 3333 },
        { days: 60, endOfMonth: false, share: 3334 },
      ],
      [33, 33, 34],
    ],
    ['the whole of 0 EUR', 0, immediate, [0]],
    ['a negative total (a correction) spreads the same way', -10_001, thirds, [-3335, -3333, -3333]],
  ])('%s: amounts sum to the total to the cent', (_, total, terms, expected) => {
    const rows = dueDates('2026-05-05', total, terms as TermsInstalment[]);
    expect(rows.map((r) => r.amount)).toEqual(expected);
    expect(sum(rows)).toBe(total);
  });
});

describe('an invoice payment status', () => {
  it.each([
    ['every instalment paid', [{ due_date: '2026-01-01', paid: true }], 'paid'],
    ['unpaid, due today', [{ due_date: '2026-05-05', paid: false }], 'due'],
    ['unpaid, due yesterday', [{ due_date: '2026-05-04', paid: false }], 'overdue'],
    [
      'the first paid, the second overdue',
      [
        { due_date: '2026-03-01', paid: true },
        { due_date: '2026-04-01', paid: false },
      ],
      'overdue',
    ],
    [
      'the first paid, the second to come',
      [
        { due_date: '2026-03-01', paid: true },
        { due_date: '2026-06-01', paid: false },
      ],
      'due',
    ],
    ['no instalments', [], 'due'],
  ])('%s is %s', (_, instalments, expected) => {
    expect(invoicePaymentStatus(instalments, '2026-05-05')).toBe(expected);
  });
});
