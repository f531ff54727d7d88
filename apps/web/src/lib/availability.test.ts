import { describe, expect, it } from 'vitest';
import { availabilityView, clampQuantity, quantityBand, quantityLimits } from './availability';

describe('quantityBand', () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, '1-5'],
    [5, '1-5'],
    [6, '6-20'],
    [20, '6-20'],
    [21, '20+'],
    [5000, '20+'],
  ])('%d units → %s', (available, band) => {
    expect(quantityBand(available)).toBe(band);
  });
});

describe('availabilityView', () => {
  it('gives a band to products in stock and low stock only', () => {
    expect(
      availabilityView({ availability: 'in_stock', available_quantity: 30, release_date: null }),
    ).toMatchObject({
      status: 'in_stock',
      band: '20+',
      releaseDate: null,
    });
    expect(
      availabilityView({ availability: 'low_stock', available_quantity: 2, release_date: null }).band,
    ).toBe('1-5');
    expect(
      availabilityView({ availability: 'preorder', available_quantity: 40, release_date: null }).band,
    ).toBeNull();
  });

  it('shows the release date of a pre-order and the return date of a product out of stock', () => {
    expect(
      availabilityView({ availability: 'preorder', available_quantity: 0, release_date: '2026-12-04' })
        .releaseDate,
    ).toBe('2026-12-04');
    const out = availabilityView(
      {
        availability: 'out_of_stock',
        available_quantity: 0,
        release_date: '2020-01-01',
        available_from: '2026-12-10',
      },
      '2026-11-27',
    );
    expect(out).toMatchObject({ releaseDate: null, availableFrom: '2026-12-10', band: null });
  });

  it('promises no return date that is today or past (issue 22)', () => {
    const out = (available_from: string) =>
      availabilityView(
        { availability: 'out_of_stock', available_quantity: 0, release_date: null, available_from },
        '2026-11-27',
      ).availableFrom;
    expect(out('2026-11-27')).toBeNull();
    expect(out('2025-03-01')).toBeNull();
    expect(out('2026-11-28')).toBe('2026-11-28');
  });
});

describe('quantityLimits (DESIGN §6.8)', () => {
  it.each([
    [
      { availability: 'in_stock', available_quantity: 12 },
      { min: 1, max: 12 },
    ],
    [
      { availability: 'in_stock', available_quantity: 12, max_quantity: 10 },
      { min: 1, max: 10 },
    ],
    [
      { availability: 'low_stock', available_quantity: 3, min_quantity: 2 },
      { min: 2, max: 3 },
    ],
    // pre-orders and products on request are not capped by stock
    [
      { availability: 'preorder', available_quantity: 0 },
      { min: 1, max: null },
    ],
    [
      { availability: 'on_request', available_quantity: 0, max_quantity: 5 },
      { min: 1, max: 5 },
    ],
    [{ availability: 'out_of_stock', available_quantity: 0 }, null],
    // less stock than the minimum: cannot be ordered
    [{ availability: 'low_stock', available_quantity: 1, min_quantity: 2 }, null],
  ] as const)('%j → %j', (input, expected) => {
    expect(quantityLimits(input)).toEqual(expected);
  });
});

describe('clampQuantity', () => {
  it.each([
    [0, { min: 1, max: 12 }, 1],
    [40, { min: 1, max: 12 }, 12],
    [3.7, { min: 1, max: 12 }, 3],
    [Number.NaN, { min: 2, max: 12 }, 2],
    [500, { min: 1, max: null }, 500],
  ])('%d in %j → %d', (value, limits, expected) => {
    expect(clampQuantity(value, limits)).toBe(expected);
  });
});
