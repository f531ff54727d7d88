import { describe, expect, it } from 'vitest';
import { addDays, addMonths, shopDate } from './dates';

describe('business dates in Europe/Rome (DESIGN §4)', () => {
  it('takes the calendar day in Rome, not in UTC', () => {
    expect(shopDate(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-22');
    expect(shopDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });

  it('adds days and months, clamping the day to the month', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-21', -3)).toBe('2026-08-21');
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
  });
});
