import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMonth } from './format';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it.each([
    [0, 'it', `0,00${NBSP}€`],
    [1999, 'it', `19,99${NBSP}€`],
    [123456789, 'it', `1.234.567,89${NBSP}€`],
    [500, 'en', '€5.00'],
    [123456789, 'en', '€1,234,567.89'],
    [-1250, 'en', '-€12.50'],
  ] as const)('formats %i cents in %s as %s', (cents, lng, expected) => {
    expect(formatMoney(cents, lng)).toBe(expected);
  });

  it('always shows two decimals', () => {
    expect(formatMoney(100, 'it')).toBe(`1,00${NBSP}€`);
    expect(formatMoney(101, 'en')).toBe('€1.01');
  });
});

describe('formatDate', () => {
  it('writes a date-only value dd/MM/yyyy in Italian and yyyy-MM-dd in English', () => {
    expect(formatDate('2026-03-07', 'it')).toBe('07/03/2026');
    expect(formatDate('2026-03-07', 'en')).toBe('2026-03-07');
  });

  it('shows an instant on its calendar day in Rome', () => {
    // 23:30 UTC on 31 December is already 1 January in Rome (UTC+1)
    expect(formatDate('2025-12-31T23:30:00Z', 'it')).toBe('01/01/2026');
    expect(formatDate(new Date('2026-07-15T10:00:00Z'), 'en')).toBe('2026-07-15');
  });

  it('gives an empty string for a missing or unreadable value', () => {
    expect(formatDate(null, 'it')).toBe('');
    expect(formatDate(undefined, 'en')).toBe('');
    expect(formatDate('not a date', 'it')).toBe('');
  });
});

describe('formatMonth', () => {
  it('names the month in the language, with its year', () => {
    expect(formatMonth('2025-12', 'it')).toBe('dic 2025');
    expect(formatMonth('2026-01', 'en')).toBe('Jan 2026');
  });

  it('returns anything that is not a YYYY-MM month as given', () => {
    expect(formatMonth('2025-13x', 'it')).toBe('2025-13x');
  });
});
