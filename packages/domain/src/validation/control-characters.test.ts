import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './control-characters';

describe('hasControlCharacters', () => {
  it.each([
    ['Notti di vento', false],
    ['tab\tline\nreturn\r', false],
    ['àèìòù €', false],
    ['', false],
    ['\u0000', true],
    ['a\u0001b', true],
    ['\u0008', true],
    ['\u000B', true],
    ['\u000C', true],
    ['\u000E', true],
    ['end\u001F', true],
    ['\u007F', false],
  ])('%j → %s', (text, expected) => {
    expect(hasControlCharacters(text)).toBe(expected);
  });
});
