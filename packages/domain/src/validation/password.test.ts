import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordProblems } from './password';

describe('password rules (SPEC §5)', () => {
  it.each([
    ['Password1!', []],
    ['Pa1!', ['length']],
    ['Password!!', ['number']],
    ['password1!', ['uppercase']],
    ['Password12', ['special']],
    ['', ['length', 'number', 'uppercase', 'special']],
    ['Èlite9_xx', []],
    ['ÀÀÀÀ1111', ['special']],
    ['Pass word1', ['special']],
  ])('%j lacks %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
    expect(isStrongPassword(password)).toBe(expected.length === 0);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('Aa1!😀')).toEqual(['length']);
    expect(passwordProblems('Aa1!😀😀😀😀')).toEqual([]);
  });
});
