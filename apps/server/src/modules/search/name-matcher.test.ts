import { describe, expect, it } from 'vitest';
import { NameMatcher } from './name-matcher';

/** The suggestions' names in memory follow matchNames' rules: prefix, substring, then typos. */
describe('NameMatcher', () => {
  const matcher = new NameMatcher([
    'Lucy Walsh',
    'LUCY WALSH',
    'Walter Lucchesi',
    'The Silver Lanterns',
    'Luca Bianchi',
    'Marta Lunardi',
    '',
  ]);

  it('puts names starting with the text first, then those containing it', () => {
    expect(matcher.match('lu', 4)).toEqual(['Luca Bianchi', 'Lucy Walsh']);
    // Both start with it; then the nearer whole name (fewer other trigrams), as pg_trgm's similarity orders.
    expect(matcher.match('luc', 4)).toEqual(['Lucy Walsh', 'Luca Bianchi', 'Walter Lucchesi']);
  });

  it('finds a name by a later word and by a typo, one name per lower-case form', () => {
    expect(matcher.match('walsh', 4)).toEqual(['Lucy Walsh']);
    expect(matcher.match('lucy wlash', 4)[0]).toBe('Lucy Walsh');
    expect(matcher.match('silver lantrns', 4)).toEqual(['The Silver Lanterns']);
  });

  it('finds a name containing the text inside a word or across words (it reads only names sharing a trigram)', () => {
    expect(matcher.match('alsh', 4)).toEqual(['Lucy Walsh']);
    expect(matcher.match('ucy wal', 4)).toEqual(['Lucy Walsh']);
    expect(matcher.match('ilver lant', 4)).toEqual(['The Silver Lanterns']);
  });

  it('answers nothing for a text no name is near', () => {
    expect(matcher.match('zzzz', 4)).toEqual([]);
  });
});
