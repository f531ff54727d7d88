import { describe, expect, it } from 'vitest';
import { fillMessage } from './messages';

describe('fillMessage', () => {
  it('fills the placeholders and leaves an unknown one as written', () => {
    expect(fillMessage('Row :sku has :left', { sku: 'MU-1' })).toBe('Row MU-1 has :left');
  });

  it.each([
    [1, 'The order still has 1 unit to ship.'],
    [2, 'The order still has 2 units to ship.'],
    [0, 'The order still has 0 units to ship.'],
  ])('picks the {singular|plural} form by :count (%i)', (count, text) => {
    expect(fillMessage('The order still has :count {unit|units} to ship.', { count })).toBe(text);
  });
});
