import { installValidationMessages } from '@shop/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cell from './cells';

beforeAll(() => installValidationMessages());

const parse = (parser: cell.CellParser<unknown>, raw: cell.RawCell) => {
  const r = parser.safeParse(raw);
  return r.success ? r.data : `! ${r.message}`;
};

describe('import cells: what people type in Excel, exactly as stored', () => {
  it.each([
    ['12,90', 1290],
    ['12.9', 1290],
    [12.9, 1290],
    ['1000', 100000],
    ['0,01', 1],
    ['12.345', '! Invalid value'],
    ['0', '! Must be greather than 0'],
    ['-5', '! Must be greather than 0'],
    ['dieci', '! Invalid value'],
    ['', null],
    [null, null],
  ])('money (positive) %j → %j', (raw, expected) => {
    expect(parse(cell.money({ positive: true }), raw)).toEqual(expected);
  });

  it.each([
    [22, 2200],
    ['10,5', 1050],
    ['101', '! Invalid value'],
  ])('percent %j → %j basis points', (raw, expected) => {
    expect(parse(cell.percent(), raw)).toEqual(expected);
  });

  it.each([
    ['1,5', 1500],
    [2, 2000],
    ['0', '! Must be greather than 0'],
  ])('ratio %j → %j thousandths', (raw, expected) => {
    expect(parse(cell.ratio(), raw)).toEqual(expected);
  });

  it.each([
    ['sì', true],
    ['X', true],
    [1, true],
    [true, true],
    ['no', false],
    [0, false],
    ['forse', '! Invalid value'],
  ])('flag %j → %j', (raw, expected) => {
    expect(parse(cell.flag(), raw)).toEqual(expected);
  });

  it.each([
    ['2026-03-01', '2026-03-01'],
    ['1/3/2026', '2026-03-01'],
    [new Date(Date.UTC(2026, 2, 1)), '2026-03-01'],
    ['31/02/2026', '! Invalid value'],
  ])('date %j → %j', (raw, expected) => {
    expect(parse(cell.date(), raw)).toEqual(expected);
  });

  it('text has a length, codes a shape, ISBN its check digit, variant values 1 to 4', () => {
    expect(parse(cell.text(3), '  abc  ')).toBe('abc');
    expect(parse(cell.text(3), 'abcd')).toBe('! Invalid length');
    expect(parse(cell.sku(), '12345')).toBe('! Invalid value');
    expect(parse(cell.isbn(), '0-306-40615-2')).toBe('0306406152');
    expect(parse(cell.isbn(), '0306406153')).toBe('! ISBN must be 10 or 13 digits');
    expect(parse(cell.ean13(), 4006381333931)).toBe('4006381333931');
    expect(parse(cell.ean13(), '4006381333932')).toBe('! Invalid EAN check digit');
    expect(parse(cell.ean13(), '40063813339')).toBe('! EAN must be 13 digits');
    expect(parse(cell.upc(), '036000291453')).toBe('! Invalid UPC check digit');
    expect(parse(cell.upc(), '036000291452')).toBe('036000291452');
    expect(parse(cell.variantValue(), 5)).toBe('! Must be between 1 and 4');
    expect(parse(cell.options(), 'S | M |L')).toEqual(['S', 'M', 'L']);
    expect(parse(cell.int({ min: 0 }), '-1')).toBe('! Invalid value');
  });

  it('a text cell with a NUL or another control character is a bad cell; tabs and new lines are kept', () => {
    expect(parse(cell.text(50), 'Notti\u0000di vento')).toBe('! Contains characters that are not allowed');
    expect(parse(cell.sku(), 'MU\u0007-1')).toBe('! Contains characters that are not allowed');
    expect(parse(cell.text(50), 'riga 1\nriga\t2')).toBe('riga 1\nriga\t2');
  });
});
