import { describe, expect, it } from 'vitest';
import {
  backorderQuantity,
  canRequestShipping,
  processingDate,
  rowNotReadyMessage,
  rowStatusAfterCancel,
  shopDateOf,
} from './shipping-request';

describe('processing date of a shipping request (SPEC §9: by 14:00 Europe/Rome the same day)', () => {
  it.each([
    // Winter (CET, UTC+1)
    ['2026-11-21T09:00:00Z', '2026-11-21', '10:00 in Rome'],
    ['2026-11-21T12:59:59Z', '2026-11-21', '13:59:59'],
    ['2026-11-21T13:00:00Z', '2026-11-21', '14:00:00 exactly counts as by'],
    ['2026-11-21T13:00:00.999Z', '2026-11-21', 'within the 14:00:00 second'],
    ['2026-11-21T13:00:01Z', '2026-11-22', '14:00:01 is the next day'],
    ['2026-11-21T22:59:59Z', '2026-11-22', '23:59:59 in Rome'],
    ['2026-11-21T23:00:00Z', '2026-11-22', 'midnight in Rome, still the 21st in UTC'],
    ['2026-11-21T23:30:00Z', '2026-11-22', '00:30 in Rome'],
    ['2026-11-20T23:59:59Z', '2026-11-21', '00:59:59 in Rome'],
    // Summer (CEST, UTC+2)
    ['2026-07-14T12:00:00Z', '2026-07-14', '14:00:00 in summer'],
    ['2026-07-14T12:00:01Z', '2026-07-15', '14:00:01 in summer'],
    ['2026-07-14T13:00:00Z', '2026-07-15', '15:00 in summer, 14:00 in winter time'],
    ['2026-07-14T21:59:59Z', '2026-07-15', '23:59:59 in summer'],
    ['2026-07-14T22:00:00Z', '2026-07-15', 'summer midnight, the 14th in UTC'],
    // DST starts on Sunday 29 March 2026 (02:00 → 03:00)
    ['2026-03-29T00:59:59Z', '2026-03-29', '01:59:59 before the change'],
    ['2026-03-29T01:00:00Z', '2026-03-29', '03:00 right after the change'],
    ['2026-03-29T12:00:00Z', '2026-03-29', '14:00:00 CEST on the change day'],
    ['2026-03-29T12:00:01Z', '2026-03-30', '14:00:01 CEST on the change day'],
    ['2026-03-28T13:00:00Z', '2026-03-28', '14:00:00 CET the day before'],
    ['2026-03-28T13:00:01Z', '2026-03-29', '14:00:01 CET the day before'],
    // DST ends on Sunday 25 October 2026 (03:00 → 02:00)
    ['2026-10-25T00:30:00Z', '2026-10-25', 'first 02:30 (CEST)'],
    ['2026-10-25T01:30:00Z', '2026-10-25', 'second 02:30 (CET)'],
    ['2026-10-25T13:00:00Z', '2026-10-25', '14:00:00 CET on the change day'],
    ['2026-10-25T12:00:00Z', '2026-10-25', '13:00 CET on the change day'],
    ['2026-10-25T13:00:01Z', '2026-10-26', '14:00:01 CET on the change day'],
    ['2026-10-24T12:00:00Z', '2026-10-24', '14:00:00 CEST the day before'],
    ['2026-10-24T12:00:01Z', '2026-10-25', '14:00:01 CEST the day before'],
    // Month, year and leap-day edges
    ['2026-12-31T13:00:01Z', '2027-01-01', 'New Year’s Eve afternoon'],
    ['2026-12-31T23:00:00Z', '2027-01-01', 'midnight of New Year'],
    ['2028-02-28T15:00:00Z', '2028-02-29', 'to a leap day'],
    ['2027-02-28T15:00:00Z', '2027-03-01', 'no leap day'],
    ['2026-04-30T13:30:00Z', '2026-05-01', 'to the next month'],
  ])('%s → %s (%s)', (instant, expected) => {
    expect(processingDate(new Date(instant))).toBe(expected);
  });

  it('gives the shop’s calendar date of an instant', () => {
    expect(shopDateOf(new Date('2026-11-21T23:00:00Z'))).toBe('2026-11-22');
    expect(shopDateOf(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
  });
});

describe('rows that may be put in a shipping request', () => {
  const row = { status: 'not_shipped', ready: 2, residual: 3, orderStatus: 'confirmed' } as const;
  it.each([
    [{}, true],
    [{ ready: 3 }, true],
    [{ ready: 0 }, false],
    [{ status: 'on_shipping' }, false],
    [{ status: 'shipped' }, false],
    [{ status: 'cancelled' }, false],
    [{ residual: 0 }, false],
    [{ orderStatus: 'pending' }, false],
    [{ orderStatus: 'failed_payment' }, false],
    // Issue 19: nothing of an order waiting for approval leaves the warehouse.
    [{ orderStatus: 'awaiting_approval' }, false],
    [{ orderStatus: 'cancelled' }, false],
    [{ orderStatus: 'closed' }, false],
    [{ orderStatus: 'partially_shipped' }, true],
    [{ orderStatus: 'registered' }, true],
  ] as const)('%o → %s', (change, expected) => {
    expect(canRequestShipping({ ...row, ...change })).toBe(expected);
  });
});

describe('backorder of a row (DESIGN §6 rule 14)', () => {
  it.each([
    [{ residual: 5, ready: 2 }, 3],
    [{ residual: 5, ready: 5 }, 0],
    [{ residual: 0, ready: 0 }, 0],
    [{ residual: 2, ready: 3 }, 0],
  ])('%o has %i in backorder', (row, expected) => {
    expect(backorderQuantity(row)).toBe(expected);
  });

  it.each([
    [{ status: 'not_shipped', shipped: 0, residual: 0 }, 'cancelled'],
    [{ status: 'not_shipped', shipped: 2, residual: 0 }, 'shipped'],
    [{ status: 'not_shipped', shipped: 0, residual: 2 }, 'not_shipped'],
    [{ status: 'on_shipping', shipped: 0, residual: 2 }, 'on_shipping'],
  ] as const)('%o becomes %s once its backorder is cancelled', (row, expected) => {
    expect(rowStatusAfterCancel(row)).toBe(expected);
  });

  it('names the row that is not ready', () => {
    expect(rowNotReadyMessage('MU000001', '2026-000042')).toBe(
      'Row MU000001 of order 2026-000042 is not ready for shipping',
    );
  });
});
