import { describe, expect, it } from 'vitest';
import {
  collidingDocumentNumberFormats,
  DEFAULT_DOCUMENT_NUMBER_FORMATS,
  documentNumberPattern,
  formatDocumentNumber,
  isDocumentNumberFormat,
} from './document-number';

describe('document numbers from the shop formats', () => {
  it.each([
    ['INV-{YYYY}-{NNNNNN}', 2026, 123, 'INV-2026-000123'],
    ['FT{YYYY}.{NNNN}', 2026, 7, 'FT2026.0007'],
    ['{NNN}-{YYYY}', 2027, 12345, '12345-2027'],
    ['DDT_{YYYY}_{N}', 2026, 9, 'DDT_2026_9'],
  ])('%s with year %i and sequence %i is %s', (format, year, sequence, number) => {
    expect(formatDocumentNumber(format, year, sequence)).toBe(number);
  });

  it.each([
    ['INV-{YYYY}-{NNNNNN}', true],
    ['{YYYY}{N}', true],
    ['INV-{NNNNNN}', false],
    ['INV-{YYYY}', false],
    ['INV-{YYYY}-{NNN}-{NNN}', false],
    ['INV-{YYYY}-{YYYY}-{NNN}', false],
    ['INV/{YYYY}/{NNN}', false],
    ['INV {YYYY} {NNN}', false],
    ['INV-{YY}-{NNN}', false],
    ['INV-{YYYY}-{NNNNNNNNNNN}', false],
  ])('%s is a format: %s', (format, valid) => {
    expect(isDocumentNumberFormat(format)).toBe(valid);
  });

  it('names the types whose numbers could collide, whatever the width of the sequence', () => {
    expect(collidingDocumentNumberFormats(DEFAULT_DOCUMENT_NUMBER_FORMATS)).toEqual([]);
    expect(
      collidingDocumentNumberFormats({
        delivery_note: 'DOC-{YYYY}-{NNN}',
        invoice: 'DOC-{YYYY}-{NNNNNN}',
        credit_note: 'CN-{YYYY}-{NNNNNN}',
      }),
    ).toEqual(['delivery_note', 'invoice']);
  });
});

describe('the pattern of a format', () => {
  it('matches every number the format gives, in any year and width, and nothing else', () => {
    const pattern = new RegExp(documentNumberPattern('FT{YYYY}.{NNNN}'));
    expect(documentNumberPattern('FT{YYYY}.{NNNN}')).toBe('^FT[0-9]{4}\\.[0-9]+$');
    for (const number of ['FT2026.0007', 'FT2025.12345', formatDocumentNumber('FT{YYYY}.{NNNN}', 2031, 1)])
      expect(pattern.test(number)).toBe(true);
    for (const number of ['FT2026x0007', 'XFT2026.0007', 'FT2026.0007-1', 'INV-2026-000001'])
      expect(pattern.test(number)).toBe(false);
  });
});
