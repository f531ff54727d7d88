import { describe, expect, it } from 'vitest';
import { correctsVat, rowVat, unitsVat, type VatRow } from './row-vat';

/** DESIGN §6 rules 5 and 16: the VAT of an order row's units as invoices and credit notes carry it. */

const privateRow: VatRow = { price: 1001, vatRate: 2200, correct: true };
const companyRow: VatRow = { ...privateRow, correct: false };
const exemptRow: VatRow = { price: 1001, vatRate: 0, correct: false };

describe('correctsVat', () => {
  it.each([
    [{ type: 'P', extraCee: false }, true],
    [{ type: 'G', extraCee: false }, false],
    [{ type: 'P', extraCee: true }, false],
    [{ type: 'G', extraCee: true }, false],
  ])('corrects %o: %s', (customer, expected) => {
    expect(correctsVat(customer)).toBe(expected);
  });
});

describe('rowVat', () => {
  it.each([
    // 5 × 12.21 = 61.05, one cent below round(50.05 × 1.22) = 61.06: the order charges 11.00.
    ['a private person, 5 × 10.01, corrected', privateRow, 5, 1100],
    ['a company, 5 × 10.01, not corrected', companyRow, 5, 1101],
    // 8 × 12.21 = 97.68 is two cents below 97.70: no correction.
    ['a private person, 8 × 10.01, two cents off: not corrected', privateRow, 8, 1762],
    ['an exempt customer', exemptRow, 5, 0],
    ['no units', privateRow, 0, 0],
  ])('%s: %i cents', (_, row, quantity, vat) => {
    expect(rowVat(row, quantity)).toBe(vat);
  });
});

describe('unitsVat', () => {
  it.each([
    ['3 then 2 units of a corrected row', privateRow, [3, 2], [660, 440]],
    // Correcting each shipment on its own would give 8.80 + 8.80 = 17.60, not the order's 17.62.
    ['4 then 4 units, where the whole row is not corrected', privateRow, [4, 4], [880, 882]],
    ['1, 1 and 3 units of a company row', companyRow, [1, 1, 3], [220, 220, 661]],
    ['an exempt row', exemptRow, [2, 3], [0, 0]],
  ])('%s: each invoice adds what its units add, and they sum to the row', (_, row, parts, vats) => {
    let invoiced = 0;
    const added = parts.map((q) => {
      invoiced += q;
      return unitsVat(row, invoiced - q, invoiced);
    });
    expect(added).toEqual(vats);
    expect(added.reduce((sum, v) => sum + v, 0)).toBe(rowVat(row, invoiced));
  });

  it('credits take back what the last units added, so what stays invoiced carries its own VAT', () => {
    // 5 invoiced (11.00), 3 credited: back 11.00 − 4.40 = 6.60 (rounding 30.03 × 22% alone gives 6.61).
    expect(unitsVat(privateRow, 2, 5)).toBe(660);
    expect(rowVat(privateRow, 5) - unitsVat(privateRow, 2, 5)).toBe(rowVat(privateRow, 2));
    // Crediting everything back, in any steps, returns exactly what was invoiced.
    const steps = [unitsVat(companyRow, 4, 7), unitsVat(companyRow, 1, 4), unitsVat(companyRow, 0, 1)];
    expect(steps.reduce((sum, v) => sum + v, 0)).toBe(rowVat(companyRow, 7));
  });
});
