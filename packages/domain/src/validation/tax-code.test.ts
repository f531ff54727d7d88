import { describe, expect, it } from 'vitest';
import { checkTaxNumber, isCompanyTaxCode, isPersonalTaxCode, taxNumberMessage } from './tax-code';

describe('tax number (SPEC §5, codice-fiscale-js)', () => {
  it.each([
    ['a personal code', 'RSSMRA85T10A562S', true],
    ['a personal code in lower case', 'rssmra85t10a562s', true],
    ['a wrong check character', 'RSSMRA85T10A562T', false],
    ['15 characters', 'RSSMRA85T10A562', false],
    ['a month letter that is none', 'RSSMRA85Z10A562S', false],
    ["a company's 11 digits", '00743110157', false],
  ])('%s: %s is a person’s code: %s', (_what, code, expected) => {
    expect(isPersonalTaxCode(code)).toBe(expected);
  });

  it.each([
    ['00743110157', true],
    ['00743110158', false],
    ['0074311015', false],
    ['RSSMRA85T10A562S', false],
  ])("%s is a company's code: %s", (code, expected) => {
    expect(isCompanyTaxCode(code)).toBe(expected);
  });

  it.each([
    ['an Italian private person with their code', 'RSSMRA85T10A562S', 'P', 'IT', 'valid'],
    ['a wrong check character', 'RSSMRA85T10A562T', 'P', 'IT', 'invalid'],
    ["a company's 11-digit code on a private profile", '00743110157', 'P', 'IT', 'not_person'],
    ['an Italian private person without one', '', 'P', 'IT', 'required'],
    ['blank is none', '   ', 'P', 'IT', 'required'],
    ['an Italian company with its 11 digits', '00743110157', 'G', 'IT', 'valid'],
    ['an Italian company with a wrong check digit', '00743110158', 'G', 'IT', 'invalid'],
    ["a sole trader's personal code", 'RSSMRA85T10A562S', 'G', 'IT', 'valid'],
    ['an Italian company without one', null, 'G', 'IT', 'unchecked'],
    ['a private person abroad without one', '', 'P', 'CH', 'unchecked'],
    ['a private person abroad with their own number', '756.1234.5678.97', 'P', 'CH', 'unchecked'],
  ] as const)('%s: %j is %s', (_what, taxNumber, type, country, status) => {
    expect(checkTaxNumber(taxNumber, { type, country })).toBe(status);
  });

  it('says the SPEC §5 messages', () => {
    expect(taxNumberMessage('valid')).toBe('The Tax Number seems valid');
    expect(taxNumberMessage('invalid')).toBe(
      'The Tax Number provided seems not to be correct. Could you check it?',
    );
    expect(taxNumberMessage('not_person')).toBe(
      'The tax code does not correspond to the code of a physical person. If you are a private company, please contact support by email.',
    );
    expect(taxNumberMessage('required')).toBe('Required');
    expect(taxNumberMessage('unchecked')).toBeUndefined();
  });
});
