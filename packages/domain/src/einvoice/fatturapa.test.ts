import { describe, expect, it } from 'vitest';
import { eInvoiceMessages } from './e-invoice-messages';
import { eInvoiceChecks, eInvoiceFileName, fatturaPaProgressive } from './fatturapa';
import type { FatturaPaBuyer } from './fatturapa-input';

describe('SDI progressive', () => {
  it.each([
    [1, '00001'],
    [42, '00042'],
    [99_999, '99999'],
    [100_000, 'A0000'],
    [100_001, 'A0001'],
    [100_035, 'A000Z'],
    [100_036, 'A0010'],
    [99_999 + 26 * 36 ** 4, 'ZZZZZ'],
  ])('%i → %s', (n, expected) => {
    expect(fatturaPaProgressive(n)).toBe(expected);
  });

  it('is 5 digits up to 99999 and starts with a letter beyond, so no name repeats', () => {
    const max = 99_999 + 26 * 36 ** 4;
    const names = new Set<string>();
    for (let n = 98_000; n <= 102_000; n++) names.add(fatturaPaProgressive(n));
    for (let n = 102_000; n <= max; n += 9_973) names.add(fatturaPaProgressive(n));
    for (const name of names) expect(name).toMatch(/^[0-9]{5}$|^[A-Z][A-Z0-9]{4}$/);
    expect([...names].filter((n) => /^\d/.test(n))).toHaveLength(2_000);
    expect(names.size).toBe(4_001 + Math.floor((max - 102_000) / 9_973));
  });

  it.each([0, -1, 1.5, 99_999 + 26 * 36 ** 4 + 1])('refuses %s', (n) => {
    expect(() => fatturaPaProgressive(n)).toThrow(RangeError);
  });
});

describe('SDI file name', () => {
  it.each([
    ['IT01234560157', 1, 'IT01234560157_00001.xml'],
    ['01234560157', 1, 'IT01234560157_00001.xml'],
    ['it 012 345 601 57', 123, 'IT01234560157_00123.xml'],
    ['IT01234560157', 100_000, 'IT01234560157_A0000.xml'],
  ])('%s, progressive %i → %s', (vatId, n, expected) => {
    expect(eInvoiceFileName(vatId, n)).toBe(expected);
  });
});

const address = { street: 'Via Roma 1', postcode: '20121', city: 'Milano', province: 'MI', country: 'IT' };
const company: FatturaPaBuyer = {
  type: 'G',
  company: 'Rossi S.r.l.',
  firstname: null,
  lastname: null,
  country: 'IT',
  extraCee: false,
  taxRule: 'standard',
  vatId: '01234560157',
  taxCode: null,
  sdiCode: 'M5UXCR1',
  pec: null,
  address,
};
const person: FatturaPaBuyer = {
  ...company,
  type: 'P',
  company: null,
  firstname: 'Mario',
  lastname: 'Rossi',
  vatId: null,
  taxCode: 'RSSMRA85T10A562S',
};

describe('e-invoice checks of the customer', () => {
  it.each([
    ['an Italian company with a valid VAT number and an SDI code', company],
    ['the VAT number with its IT prefix', { ...company, vatId: 'IT01234560157' }],
    ['an Italian company with a PEC only', { ...company, sdiCode: null, pec: 'rossi@pec.example.it' }],
    ['an Italian private person with codice fiscale and PEC', { ...person, sdiCode: null, pec: 'm@pec.it' }],
    [
      'a German company',
      {
        ...company,
        country: 'DE',
        vatId: 'DE136695976',
        sdiCode: null,
        address: { ...address, country: 'DE' },
      },
    ],
    [
      'a Swiss private person without VAT id nor SDI code',
      { ...person, country: 'CH', extraCee: true, taxCode: null, sdiCode: null },
    ],
  ])('passes %s', (_, buyer) => {
    expect(eInvoiceChecks(buyer)).toEqual({ errors: [], warnings: [] });
  });

  it('holds the file of a VAT number that fails its checksum, naming it', () => {
    expect(eInvoiceChecks({ ...company, vatId: '01234560158' })).toEqual({
      errors: [
        "The customer's VAT number 01234560158 fails its check digit: the e-invoice is held until it is corrected.",
      ],
      warnings: [],
    });
  });

  it('holds the file of a foreign VAT number that fails its checksum', () => {
    const { errors } = eInvoiceChecks({ ...company, country: 'DE', vatId: 'DE136695977', sdiCode: null });
    expect(errors).toEqual([eInvoiceMessages.vatNumberInvalid.replace(':vat_id', 'DE136695977')]);
  });

  it('holds the file of an Italian company without VAT number', () => {
    expect(eInvoiceChecks({ ...company, vatId: null }).errors).toEqual([eInvoiceMessages.vatNumberMissing]);
  });

  it('holds the file of an Italian private person without codice fiscale', () => {
    expect(eInvoiceChecks({ ...person, taxCode: ' ' }).errors).toEqual([eInvoiceMessages.taxCodeMissing]);
  });

  it('holds the file of an Italian private person whose codice fiscale is wrong', () => {
    expect(eInvoiceChecks({ ...person, taxCode: 'RSSMRA85T10A562X' }).errors).toEqual([
      "The customer's tax code RSSMRA85T10A562X is not valid: the e-invoice is held until it is corrected.",
    ]);
  });

  it('holds the file of an SDI code that is not 7 letters or digits', () => {
    expect(eInvoiceChecks({ ...company, sdiCode: 'ABC' }).errors).toEqual([
      "The customer's SDI code ABC is not 7 letters or digits: the e-invoice is held until it is corrected.",
    ]);
  });

  it.each([
    ['neither', { sdiCode: null, pec: null }],
    ['empty ones', { sdiCode: '', pec: '  ' }],
    ['the 0000000 code and no PEC', { sdiCode: '0000000', pec: null }],
  ])('warns, without holding the file, of a customer with %s SDI code nor PEC', (_, recipient) => {
    expect(eInvoiceChecks({ ...person, ...recipient })).toEqual({
      errors: [],
      warnings: [
        "The customer has neither an SDI code nor a PEC: the e-invoice is sent with code 0000000. Tell the customer to find it in their cassetto fiscale (Fatture e Corrispettivi) on the Agenzia delle Entrate's website.",
      ],
    });
  });

  it('lists every problem at once', () => {
    const { errors, warnings } = eInvoiceChecks({ ...company, vatId: null, sdiCode: null });
    expect(errors).toEqual([eInvoiceMessages.vatNumberMissing]);
    expect(warnings).toEqual([eInvoiceMessages.noRecipient]);
  });
});
