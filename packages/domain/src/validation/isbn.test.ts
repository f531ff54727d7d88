import { describe, expect, it } from 'vitest';
import { isValidEan13, isValidIsbn, isValidUpc, normalizeIsbn } from './isbn';

describe('isValidIsbn (SPEC §5: 10 or 13 digits with the check digit)', () => {
  it.each([
    ['9788804668237', true],
    ['978-88-04-66823-7', true],
    ['978 88 04 66823 7', true],
    ['9788804668238', false],
    ['8804668230', false],
    ['0306406152', true],
    ['0-306-40615-2', true],
    ['0306406153', false],
    ['080442957X', true],
    ['080442957x', true],
    ['0X04429575', false],
    ['4006381333931', false],
    ['978880466823', false],
    ['97888046682377', false],
    ['', false],
    ['isbn', false],
  ])('%s → %s', (value, valid) => {
    expect(isValidIsbn(value)).toBe(valid);
  });

  it('keeps only digits and X', () => {
    expect(normalizeIsbn(' 0-8044-2957-x ')).toBe('080442957X');
  });
});

describe('EAN-13 and UPC check digits', () => {
  it.each([
    ['4006381333931', true],
    ['4006381333932', false],
    ['400638133393', false],
    ['400638133393a', false],
  ])('EAN-13 %s → %s', (value, valid) => {
    expect(isValidEan13(value)).toBe(valid);
  });

  it.each([
    ['036000291452', true],
    ['036000291453', false],
    ['03600029145', false],
  ])('UPC %s → %s', (value, valid) => {
    expect(isValidUpc(value)).toBe(valid);
  });
});
