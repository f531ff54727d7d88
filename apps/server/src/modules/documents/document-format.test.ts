import { describe, expect, it } from 'vitest';
import {
  addressLines,
  formatDocumentDate,
  formatInteger,
  formatMoney,
  formatRate,
  printable,
  vatSummary,
} from './document-format';

describe('money on documents', () => {
  it.each([
    [0, '0,00 €', '€0.00'],
    [5, '0,05 €', '€0.05'],
    [1290, '12,90 €', '€12.90'],
    [123456, '1.234,56 €', '€1,234.56'],
    [123456789, '1.234.567,89 €', '€1,234,567.89'],
    [-1574, '-15,74 €', '-€15.74'],
  ])('formats %i cents as %s in Italian and %s in English', (cents, it_, en) => {
    expect(formatMoney(cents, 'it')).toBe(it_);
    expect(formatMoney(cents, 'en')).toBe(en);
  });

  it('groups quantities and prints rates and dates', () => {
    expect([formatInteger(1500, 'it'), formatInteger(1500, 'en'), formatInteger(6, 'it')]).toEqual([
      '1.500',
      '1,500',
      '6',
    ]);
    expect([
      formatRate(2200, 'it'),
      formatRate(400, 'en'),
      formatRate(550, 'it'),
      formatRate(550, 'en'),
    ]).toEqual(['22%', '4%', '5,5%', '5.5%']);
    expect(formatRate(0, 'it')).toBe('0%');
    expect(formatDocumentDate('2026-03-02')).toBe('02/03/2026');
  });
});

describe('vatSummary', () => {
  it('sums each rate and its rows’ VAT rounded half up, and the totals add up', () => {
    const rows = [
      { vatRate: 2200, amount: 3870 }, // 851.4 → 851
      { vatRate: 400, amount: 3000 }, // 120
      { vatRate: 2200, amount: 690 }, // 151.8 → 152
      { vatRate: 2200, amount: 25 }, // 5.5 → 6
    ];
    const totals = vatSummary(rows);
    expect(totals.lines).toEqual([
      { rate: 2200, taxable: 4585, vat: 1009 },
      { rate: 400, taxable: 3000, vat: 120 },
    ]);
    expect(totals).toMatchObject({ taxable: 7585, vat: 1129, total: 8714 });
    expect(totals.total).toBe(rows.reduce((sum, r) => sum + r.amount, 0) + totals.vat);
  });

  it('gives zeros for a document without rows', () => {
    expect(vatSummary([])).toEqual({ lines: [], taxable: 0, vat: 0, total: 0 });
  });
});

describe('addressLines', () => {
  const address = {
    company: 'Dischi Rossi srl',
    firstname: null,
    lastname: null,
    co: 'Mario Verdi',
    address: 'Via Garibaldi 5',
    postcode: '40121',
    city: 'Bologna',
    state: 'BO',
    country: 'IT',
    phone: null,
  };

  it('writes c/o, street, postcode and city with the province, and the country in the language', () => {
    expect(addressLines(address, 'it')).toEqual([
      'c/o Mario Verdi',
      'Via Garibaldi 5',
      '40121 Bologna (BO)',
      'Italia',
    ]);
    expect(addressLines({ ...address, co: null, state: null, country: 'CH' }, 'en')).toEqual([
      'Via Garibaldi 5',
      '40121 Bologna',
      'Switzerland',
    ]);
  });
});

describe('printable', () => {
  it('keeps what Helvetica prints, drops other accents and replaces the rest', () => {
    expect(printable('Motörhead – Sigur Rós “Ágætis byrjun” 12,90 €')).toBe(
      'Motörhead – Sigur Rós “Ágætis byrjun” 12,90 €',
    );
    expect(printable('Łódź, Dvořák, Čajkovskij')).toBe('Lódz, Dvorák, Cajkovskij');
    expect(printable('東京\nTokyo\t🎵')).toBe('?? Tokyo ?');
  });
});
