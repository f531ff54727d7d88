import { describe, expect, it } from 'vitest';
import { codeSearch, oneEditAway, planSearch } from './product-search';

describe('planSearch: the words of q as a safe prefix tsquery', () => {
  it.each([
    ['Notti', "'Notti':*"],
    ['notti nel vento', "'notti' & 'nel' & 'vento':*"],
    ['  Laura   Vitale ', "'Laura' & 'Vitale':*"],
    ['MU-000123', "'MU' & '000123':*"],
    ["d'inverno", "'d' & 'inverno':*"],
    ['a', "'a'"],
    ["'; drop table products--", "'drop' & 'table' & 'products':*"],
    [':*&|!(a)<->b\\', "'a' & 'b'"],
    ['città', "'città':*"],
  ])('%j → %s', (q, tsquery) => {
    expect(planSearch(q)?.tsquery).toBe(tsquery);
  });

  it('has nothing to search in punctuation, regex symbols or an empty box', () => {
    for (const q of [undefined, '', '   ', '.*(', ':*&|!', '\'"\\', '()<->'])
      expect(planSearch(q)).toBeNull();
  });

  it('keeps the first eight words only', () => {
    expect(planSearch('a b c d e f g h i j')!.tsquery.split(' & ')).toHaveLength(8);
  });
});

describe('codeSearch: codes one typo away', () => {
  it('recognises SKUs, EANs and catalogue numbers, compacted and upper-cased', () => {
    expect(codeSearch('MU-000123')?.exact).toBe('MU000123');
    expect(codeSearch('8012000000123')?.exact).toBe('8012000000123');
    expect(codeSearch('sol 0136')?.exact).toBe('SOL0136');
    expect(codeSearch('978-88-1234-567-8')?.exact).toBe('9788812345678');
  });

  it('leaves words, short codes and odd characters to the full-text search', () => {
    for (const q of [
      'Notti nel vento',
      'AB1',
      'Live 1990 at the Scala',
      '12345678901234567890123',
      "MU-0001'23",
    ]) {
      expect(codeSearch(q)).toBeNull();
    }
  });

  it('lists every code at one substitution, insertion, deletion or transposition, not the code itself', () => {
    const near = oneEditAway('123', '0123456789');
    expect(near).toEqual(expect.arrayContaining(['023', '13', '0123', '1234', '213', '132', '129']));
    expect(near).not.toContain('123');
    expect(near).not.toContain('321');
    // Digits only for an EAN: 13 deletions, 13×9 substitutions, 14×10 insertions, 12 swaps (minus repeats).
    expect(codeSearch('8012000000123')!.near.length).toBeLessThan(13 + 117 + 140 + 12);
    expect(codeSearch('8012000000123')!.near.every((c) => /^\d{12,14}$/.test(c))).toBe(true);
  });
});
