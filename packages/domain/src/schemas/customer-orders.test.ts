import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { installValidationMessages } from '../validation/zod-messages';
import {
  BackordersQuerySchema,
  CancelBackorderInputSchema,
  CustomerOrdersQuerySchema,
  OrderRowsQuerySchema,
  ShippingRequestInputSchema,
} from './customer-orders';

beforeAll(() => installValidationMessages());

/** The messages by field, as the API answers them (SPEC §5). */
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

describe('customer order lists', () => {
  it('pages 25 by default and filters by a known status only', () => {
    expect(CustomerOrdersQuerySchema.parse({})).toEqual({ page: 1, per_page: 25 });
    expect(CustomerOrdersQuerySchema.parse({ status: 'pending', page: '2' })).toEqual({
      page: 2,
      per_page: 25,
      status: 'pending',
    });
    expect(fieldErrors(CustomerOrdersQuerySchema, { status: 'new' })).toEqual({ status: ['Invalid value'] });
    expect(fieldErrors(CustomerOrdersQuerySchema, { per_page: '101' })).toEqual({
      per_page: ['Invalid value'],
    });
  });

  it.each([
    ['true', true],
    ['false', false],
  ])('reads ready=%s as %s', (ready, expected) => {
    expect(OrderRowsQuerySchema.parse({ ready }).ready).toBe(expected);
  });

  it('refuses any other ready flag', () => {
    expect(fieldErrors(OrderRowsQuerySchema, { ready: '1' })).toEqual({ ready: ['Invalid value'] });
  });

  it('takes a backorder day as YYYY-MM-DD', () => {
    expect(BackordersQuerySchema.parse({ up_to: '2026-11-05' }).up_to).toBe('2026-11-05');
    expect(fieldErrors(BackordersQuerySchema, { up_to: '05/11/2026' })).toEqual({ up_to: ['Invalid value'] });
  });
});

describe('customer order writes', () => {
  it.each([
    [{ row_ids: [1, 2] }, {}],
    [{ row_ids: [] }, { row_ids: ['Invalid length'] }],
    [{ row_ids: [0] }, { 'row_ids.0': ['Invalid value'] }],
    [{ row_ids: [2_147_483_648] }, { 'row_ids.0': ['Invalid value'] }],
    [{ row_ids: [1], customer_id: 2 }, { '': ['Unknown field: customer_id'] }],
    [{}, { row_ids: ['Required'] }],
  ])('shipping request %o → %o', (input, errors) => {
    expect(fieldErrors(ShippingRequestInputSchema, input)).toEqual(errors);
  });

  it.each([
    [{ date: '2026-11-05' }, {}],
    [{ date: '2026-02-30' }, { date: ['Invalid value'] }],
    [{ date: '' }, { date: ['Invalid value'] }],
    [{}, { date: ['Required'] }],
  ])('cancel backorder %o → %o', (input, errors) => {
    expect(fieldErrors(CancelBackorderInputSchema, input)).toEqual(errors);
  });
});
