import { describe, expect, it } from 'vitest';
import {
  addressLines,
  couponSummary,
  formatDocumentDate,
  formatInteger,
  formatMoney,
  formatRate,
  printable,
  printedRow,
  vatSummary,
} from './document-format';
import { DOCUMENT_LABELS } from './document-labels';
import type { DocumentPdfRow } from './document-pdf-data';

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
  it('sums each rate and its rows’ stored VAT, never recomputed, and the totals add up', () => {
    const rows = [
      { vatRate: 2200, amount: 5005, vat: 1100 }, // 5 × 10.01 corrected by rule 5: 11.00, not 11.01
      { vatRate: 400, amount: 3000, vat: 120 },
      { vatRate: 2200, amount: 690, vat: 152 },
      { vatRate: 2200, amount: 2002, vat: 440 },
    ];
    const totals = vatSummary(rows);
    expect(totals.lines).toEqual([
      { rate: 2200, taxable: 7697, vat: 1692 },
      { rate: 400, taxable: 3000, vat: 120 },
    ]);
    expect(totals).toMatchObject({ taxable: 10697, vat: 1812, total: 12509 });
    expect(totals.vat).toBe(rows.reduce((sum, r) => sum + r.vat, 0));
    expect(totals.total).toBe(rows.reduce((sum, r) => sum + r.amount, 0) + totals.vat);
  });

  it('gives zeros for a document without rows', () => {
    expect(vatSummary([])).toEqual({ lines: [], taxable: 0, vat: 0, total: 0 });
  });
});

const row = (fields: Partial<DocumentPdfRow>): DocumentPdfRow => ({
  sku: 'CD-1',
  description: 'CD',
  quantity: 5,
  price: 1001,
  priceBeforeCoupon: null,
  vatRate: 2200,
  amount: 5005,
  vat: 1100,
  ...fields,
});

describe('printedRow', () => {
  it.each([
    ['net', row({}), 'net', { price: 1001, amount: 5005 }],
    // 5 × 12.21 = 61.05: the stored VAT (rule 5 corrected), not round(50.05 × 1.22) = 61.06.
    ['VAT-inclusive', row({}), 'gross', { price: 1221, amount: 6105 }],
    // A second invoice of 2 units whose VAT completes the row's: 20.02 + 4.40.
    [
      'VAT-inclusive, a later part of the row',
      row({ quantity: 2, amount: 2002, vat: 440 }),
      'gross',
      { price: 1221, amount: 2442 },
    ],
    [
      'net before a 10% coupon',
      row({ price: 901, priceBeforeCoupon: 1001, amount: 4505, vat: 990 }),
      'net',
      { price: 1001, amount: 5005 },
    ],
    [
      'VAT-inclusive before a 10% coupon',
      row({ price: 901, priceBeforeCoupon: 1001, amount: 4505, vat: 990 }),
      'gross',
      { price: 1221, amount: 6105 },
    ],
  ] as const)('prints a row %s', (_, r, display, printed) => {
    expect(printedRow(r, display)).toEqual(printed);
  });
});

describe('couponSummary', () => {
  // 5 × 10.01 less 10% = 9.01 (VAT 9.90, corrected), and shipping 6.90 (VAT 1.52) that no coupon touches.
  const rows = [
    row({ price: 901, priceBeforeCoupon: 1001, amount: 4505, vat: 990 }),
    row({ sku: 'SPESE-TRASPORTO', quantity: 1, price: 690, amount: 690, vat: 152 }),
  ];
  const totals = vatSummary(rows);

  it('brings the net subtotal before the coupon to the taxable amount', () => {
    const { subtotal, coupon } = couponSummary(rows, 'net', totals);
    expect({ subtotal, coupon }).toEqual({ subtotal: 5005 + 690, coupon: -500 });
    expect(subtotal + coupon).toBe(totals.taxable);
  });

  it('brings the VAT-inclusive subtotal before the coupon to the total', () => {
    const { subtotal, coupon } = couponSummary(rows, 'gross', totals);
    expect({ subtotal, coupon }).toEqual({ subtotal: 6105 + 842, coupon: -610 });
    expect(subtotal + coupon).toBe(totals.total);
  });
});

describe('couponSummary of a fixed coupon', () => {
  // 5 × 10.01 less a share of 5.00 (amount 45.05, VAT 9.91: no correction), and shipping 6.90.
  const rows = [
    row({ priceBeforeCoupon: 1001, amount: 4505, vat: 991 }),
    row({ sku: 'SPESE-TRASPORTO', quantity: 1, price: 690, amount: 690, vat: 152 }),
  ];
  const totals = vatSummary(rows);

  it('prints the rows before their shares, the coupon line bringing them to the taxable amount or the total', () => {
    expect(couponSummary(rows, 'net', totals)).toEqual({ subtotal: 5005 + 690, coupon: -500 });
    expect(couponSummary(rows, 'gross', totals)).toEqual({ subtotal: 6105 + 842, coupon: -609 });
    expect(6105 + 842 - 609).toBe(totals.total);
  });

  it('names the coupon without a percent, in both languages', () => {
    expect(DOCUMENT_LABELS.it.coupon('FISSO10', null)).toBe('Coupon FISSO10');
    expect(DOCUMENT_LABELS.en.coupon('FISSO10', null)).toBe('Coupon FISSO10');
    expect(DOCUMENT_LABELS.en.coupon('ESTATE5', '5%')).toBe('Coupon ESTATE5 -5%');
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
