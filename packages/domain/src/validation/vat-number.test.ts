import { describe, expect, it } from 'vitest';
import { checkVatNumber, vatNumberMessage } from './vat-number';

describe('VAT number by checksum (SPEC §5, jsvat)', () => {
  it.each([
    ['an Italian company', 'IT00743110157', 'IT', 'valid', 'IT', '00743110157'],
    ['an Italian number typed without prefix', '00743110157', 'IT', 'valid', 'IT', '00743110157'],
    ['an Italian number with spaces, lower case', 'it 007 431 101 57', 'IT', 'valid', 'IT', '00743110157'],
    ['a wrong check digit', 'IT00743110158', 'IT', 'invalid', 'IT', '00743110158'],
    ['an issuing office over 201', 'IT01234567897', 'IT', 'invalid', 'IT', '01234567897'],
    ['too few digits', 'IT0074311015', 'IT', 'invalid', 'IT', '0074311015'],
    ['a French company', 'FR40123456824', 'FR', 'valid', 'FR', '40123456824'],
    ['a German company', 'DE136695976', 'DE', 'valid', 'DE', '136695976'],
    ['a German wrong check digit', 'DE123456789', 'DE', 'invalid', 'DE', '123456789'],
    ['a Spanish company', 'ESB12345674', 'ES', 'valid', 'ES', 'B12345674'],
    ['an Austrian company', 'ATU13585627', 'AT', 'valid', 'AT', 'U13585627'],
    ['a Greek company, prefix EL', 'EL094259216', 'GR', 'valid', 'EL', '094259216'],
    ['a Greek number without prefix', '094259216', 'GR', 'valid', 'EL', '094259216'],
    ['a Swiss company (the extra-EU demo)', 'CHE-123.456.788 MWST', 'CH', 'valid', 'CHE', '123456788MWST'],
    ['a Swiss wrong check digit', 'CHE-123.456.789', 'CH', 'invalid', 'CHE', '123456789'],
    ["another country's number", 'DE136695976', 'IT', 'invalid', 'IT', 'DE136695976'],
    ['a country jsvat has no rules for', '12-3456789', 'US', 'unsupported', 'US', '123456789'],
    ['nothing', '', 'IT', 'invalid', 'IT', ''],
  ])('%s: %s in %s is %s', (_what, vatId, country, status, prefix, number) => {
    expect(checkVatNumber(vatId, country)).toEqual({ status, prefix, number });
  });

  it('says the SPEC §5 messages', () => {
    expect(vatNumberMessage(true)).toBe('The VAT Number seems valid');
    expect(vatNumberMessage(false)).toBe(
      'The VAT Number seems incorrect or the VAT is not active. Could you check it?',
    );
  });
});
