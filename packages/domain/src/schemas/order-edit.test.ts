import { beforeAll, describe, expect, it } from 'vitest';
import { installValidationMessages } from '../validation/zod-messages';
import {
  AddOrderRowsInputSchema,
  isOrderEditable,
  isRowQuantityEditable,
  OrderEditInputSchema,
} from './order-edit';

/** The order edit contract: what a PUT /api/orders/{orderNo} and a POST /api/order/{id}/rows accept. */

beforeAll(() => installValidationMessages());

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const address = {
  company: '',
  firstname: 'Giulia',
  lastname: 'Rossi',
  co: '',
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  state: '',
  country: 'it',
  phone: '',
};

describe('OrderEditInputSchema', () => {
  it('turns an address into the order snapshot: upper-case country, blanks as null, no book fields', () => {
    const parsed = OrderEditInputSchema.parse({ shipping_address: address, customer_reference: '  ' });
    expect(parsed).toEqual({
      shipping_address: {
        company: null,
        firstname: 'Giulia',
        lastname: 'Rossi',
        co: null,
        address: 'Via Verdi 3',
        postcode: '20121',
        city: 'Milano',
        state: null,
        country: 'IT',
        phone: null,
      },
      customer_reference: null,
    });
  });

  it.each([
    [
      { shipping_address: { ...address, postcode: '2012' } },
      { 'shipping_address.postcode': 'Invalid value' },
    ],
    [{ billing_address: { ...address, country: 'ZZ' } }, { 'billing_address.country': 'Invalid value' }],
    [
      { billing_address: { ...address, firstname: '', lastname: '' } },
      { 'billing_address.firstname': 'Required', 'billing_address.lastname': 'Required' },
    ],
    [
      { billing_address: { ...address, note: 'x', is_default: true, type: 'B', extra: 1 } },
      { billing_address: 'Unknown field: note, is_default, type, extra' },
    ],
    [{ erp_order_reason: 'gift' }, { erp_order_reason: 'Invalid value' }],
    [{ customer_reference_date: '2026-02-30' }, { customer_reference_date: 'Invalid value' }],
    [{ rows: [{ id: 4, quantity: 0 }] }, { 'rows.0.quantity': 'Must be greather than 0' }],
  ])('refuses %j with the message on its field', (input, expected) => {
    expect(fieldErrors(OrderEditInputSchema.safeParse(input))).toMatchObject(expected);
  });
});

describe('AddOrderRowsInputSchema', () => {
  it('takes a product by id or by SKU, at least one row, at most 50', () => {
    expect(
      AddOrderRowsInputSchema.safeParse({
        rows: [
          { sku: 'LP-1', quantity: 2 },
          { product_id: 7, quantity: 1 },
        ],
      }).success,
    ).toBe(true);
    expect(fieldErrors(AddOrderRowsInputSchema.safeParse({ rows: [{ quantity: 2 }] }))).toEqual({
      'rows.0.sku': 'Required',
    });
    expect(fieldErrors(AddOrderRowsInputSchema.safeParse({ rows: [] }))).toEqual({ rows: 'Required' });
    const many = Array.from({ length: 51 }, (_, i) => ({ product_id: i + 1, quantity: 1 }));
    expect(fieldErrors(AddOrderRowsInputSchema.safeParse({ rows: many }))).toEqual({
      rows: 'Invalid length',
    });
  });
});

describe('what may still change', () => {
  it.each([
    ['registered', true],
    ['pending', true],
    ['failed_payment', true],
    ['confirmed', true],
    ['in_work', true],
    ['picking', false],
    ['on_ship', false],
    ['cancelled', false],
  ])('an order %s is editable: %s', (status, editable) => {
    expect(isOrderEditable(status)).toBe(editable);
  });

  it('a row only while not shipped with nothing shipped', () => {
    expect(isRowQuantityEditable({ status: 'not_shipped', quantities: { shipped: 0 } })).toBe(true);
    expect(isRowQuantityEditable({ status: 'not_shipped', quantities: { shipped: 1 } })).toBe(false);
    expect(isRowQuantityEditable({ status: 'on_shipping', quantities: { shipped: 0 } })).toBe(false);
  });
});
