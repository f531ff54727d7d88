import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { installValidationMessages } from '../validation/zod-messages';
import { AttributeTagInputSchema, UomInputSchema } from './backoffice-catalog';
import { ProductInputSchema, ProductUpdateSchema, VariantInputSchema } from './backoffice-products';

beforeAll(() => installValidationMessages());

/** The messages by field, as the API answers them and the forms show them (SPEC §5). */
function fieldErrors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const product = { sku: 'MU-000001', description: 'Notti di vento', price: 1590, vat_id: 1 };

describe('product input (SPEC §5)', () => {
  it('accepts the four required fields and normalizes the ISBN', () => {
    const parsed = ProductInputSchema.parse({ ...product, isbn: '978-88-04-66823-7', label: '  ' });
    expect(parsed).toMatchObject({ ...product, isbn: '9788804668237', label: null });
  });

  it.each([
    [{ price: 0 }, { price: ['Must be greather than 0'] }],
    [{ price: -100 }, { price: ['Must be greather than 0'] }],
    [{ price: 12.5 }, { price: ['Invalid value'] }],
    [{ weight: 0 }, { weight: ['Must be greather than 0'] }],
    [{ min_quantity: 0 }, { min_quantity: ['Must be greather than 0'] }],
    [{ isbn: '9788804668238' }, { isbn: ['ISBN must be 10 or 13 digits'] }],
    [{ isbn: '12345' }, { isbn: ['ISBN must be 10 or 13 digits'] }],
    [{ ean13: '4006381333932' }, { ean13: ['Invalid EAN check digit'] }],
    [{ ean13: '400638133393' }, { ean13: ['EAN must be 13 digits'] }],
    [{ upc: '036000291453' }, { upc: ['Invalid UPC check digit'] }],
    [{ upc: '36000291452' }, { upc: ['UPC must be 12 digits'] }],
    [{ sku: '12345' }, { sku: ['Invalid value'] }],
    [{ sku: 'MU 01' }, { sku: ['Invalid value'] }],
    [{ description: '' }, { description: ['Invalid length'] }],
    [{ release_date: '21/11/2026' }, { release_date: ['Invalid value'] }],
    [{ min_quantity: 5, max_quantity: 2 }, { max_quantity: ['Invalid value'] }],
  ])('%j → %j', (change, errors) => {
    expect(fieldErrors(ProductInputSchema, { ...product, ...change })).toEqual(errors);
  });

  it('names every missing required field, and refuses unknown ones', () => {
    expect(fieldErrors(ProductInputSchema, { colour: 'red' })).toEqual({
      '': ['Unknown field: colour'],
      sku: ['Required'],
      description: ['Required'],
      price: ['Required'],
      vat_id: ['Required'],
    });
  });

  it('an update takes any subset of the fields', () => {
    expect(ProductUpdateSchema.parse({ price: 990 })).toEqual({ price: 990 });
    expect(fieldErrors(ProductUpdateSchema, { price: 0 })).toEqual({ price: ['Must be greather than 0'] });
  });
});

describe('variant input', () => {
  it.each([0, 5, 2.5])('variant_value %s → Must be between 1 and 4', (value) => {
    expect(fieldErrors(VariantInputSchema, { sku: 'ME-1-XL', variant_value: value })).toEqual({
      variant_value: ['Must be between 1 and 4'],
    });
  });

  it('takes 1 to 4, and says Required when absent', () => {
    expect(VariantInputSchema.parse({ sku: 'ME-1-XL', variant_value: 4 }).variant_value).toBe(4);
    expect(fieldErrors(VariantInputSchema, { sku: 'ME-1-XL' })).toEqual({ variant_value: ['Required'] });
  });
});

describe('attribute tag and unit of measure input', () => {
  it('upper-cases the code, keeps options only for list types', () => {
    const text = AttributeTagInputSchema.parse({
      tag: 'Autore',
      code: 'autore',
      type: 'text',
      options: ['x'],
    });
    expect(text).toMatchObject({ code: 'AUTORE', options: [], description: '', full_text_search: false });
  });

  it.each([
    [{ type: 'fixed_list', options: [] }, { options: ['Invalid length'] }],
    [{ type: 'list', options: ['S', 'S'] }, { options: ['Invalid value'] }],
    [{ type: 'video' }, { type: ['Invalid value'] }],
    [{ type: 'url', icon_url: 'javascript:alert(1)' }, { icon_url: ['Invalid value'] }],
  ])('%j → %j', (change, errors) => {
    expect(fieldErrors(AttributeTagInputSchema, { tag: 'Taglia', code: 'TAGLIA', ...change })).toEqual(
      errors,
    );
  });

  it('a conversion ratio must be greather than 0', () => {
    expect(fieldErrors(UomInputSchema, { code: 'PZ', description: 'Pezzo', conversion_ratio: 0 })).toEqual({
      conversion_ratio: ['Must be greather than 0'],
    });
  });
});
