import { describe, expect, it } from 'vitest';
import { cartProduct, quote } from '../../test/cart-fixtures';
import {
  addLine,
  applyQuote,
  cartLineInputs,
  countItems,
  mergeCarts,
  quoteLimits,
  restoreLine,
  type StoredCart,
  setLineQuantity,
} from './cart-lines';

const cd = { id: 1, isVariant: false, quantity: 2, sku: 'MU000001', title: 'Canzoni del mare' };
const shirtM = { id: 7, isVariant: true, quantity: 1, sku: 'ME000050-M', title: 'T-shirt – M' };

describe('cart lines (SPEC §4)', () => {
  it('raises the quantity of the same product and variant flag instead of adding a line', () => {
    const once = addLine({ products: [] }, cd).cart;
    const { cart, line } = addLine(once, { ...cd, quantity: 3 });
    expect(cart.products).toEqual([{ ...cd, quantity: 5 }]);
    expect(line.quantity).toBe(5);
    expect(countItems(cart)).toBe(5);
  });

  it('keeps a variant and a product with the same id on separate lines', () => {
    const cart = addLine(addLine({ products: [] }, { ...shirtM, id: 1 }).cart, cd).cart;
    expect(cart.products.map((p) => `${p.id}:${p.isVariant}`)).toEqual(['1:true', '1:false']);
  });

  it('clamps a raised quantity to the limits (SPEC §5) and adds whole units', () => {
    const full = addLine({ products: [cd] }, { ...cd, quantity: 30 }, { min: 1, max: 12 });
    expect(full.line.quantity).toBe(12);
    expect(addLine({ products: [] }, { ...cd, quantity: 2.7 }).line.quantity).toBe(2);
    expect(addLine({ products: [] }, { ...cd, quantity: 0 }).line.quantity).toBe(1);
  });

  it('sets a quantity absolutely, then clamps it to the minimum and the maximum', () => {
    const cart: StoredCart = { products: [cd, shirtM] };
    expect(setLineQuantity(cart, '1:p', 40, { min: 1, max: 12 }).products[0]?.quantity).toBe(12);
    expect(setLineQuantity(cart, '1:p', 1, { min: 3, max: null }).products[0]?.quantity).toBe(3);
    expect(setLineQuantity(cart, '7:v', 9).products[1]?.quantity).toBe(9);
  });

  it('merges a guest cart into a user cart: shared lines add up, new lines follow', () => {
    const user: StoredCart = { products: [cd] };
    const guest: StoredCart = { products: [{ ...cd, quantity: 1 }, shirtM] };
    expect(mergeCarts(user, guest).products).toEqual([{ ...cd, quantity: 3 }, shirtM]);
    expect(mergeCarts({ products: [] }, guest).products).toEqual(guest.products);
  });

  it('puts an undone removal back at its place', () => {
    const cart: StoredCart = { products: [shirtM] };
    expect(restoreLine(cart, cd, 0).products).toEqual([cd, shirtM]);
    expect(restoreLine({ products: [cd] }, cd, 0).products).toEqual([cd]);
  });

  it('sends ids, variant flags, quantities and notes only: never a price', () => {
    expect(cartLineInputs({ products: [{ ...cd, note: 'gift wrap' }, shirtM] })).toEqual([
      { id: 1, isVariant: false, quantity: 2, note: 'gift wrap' },
      { id: 7, isVariant: true, quantity: 1 },
    ]);
  });
});

describe('quoteLimits (SPEC §5)', () => {
  it('is at least min_quantity and at most the stock and max_quantity', () => {
    expect(quoteLimits(cartProduct({ min_quantity: 2, max_quantity: 10, available_quantity: 6 }))).toEqual({
      min: 2,
      max: 6,
    });
    expect(quoteLimits(cartProduct({ max_quantity: 4, available_quantity: 6 }))).toEqual({ min: 1, max: 4 });
  });

  it('does not cap a pre-order by stock', () => {
    expect(quoteLimits(cartProduct({ is_preorder: true, available_quantity: 0 }))).toEqual({
      min: 1,
      max: null,
    });
  });
});

describe('applyQuote', () => {
  it('takes the server’s clamped quantity and says it was reduced', () => {
    const priced = quote([cartProduct({ quantity: 12, requested_quantity: 30 })]);
    const changes = applyQuote({ products: [{ ...cd, quantity: 30 }] }, priced);
    expect(changes.cart.products).toEqual([{ ...cd, quantity: 12 }]);
    expect(changes.clamped).toEqual([{ key: '1:p', title: 'Canzoni del mare', from: 30, to: 12 }]);
  });

  it('leaves a quantity changed after the quote was asked for', () => {
    const priced = quote([cartProduct({ quantity: 12, requested_quantity: 30 })]);
    const changes = applyQuote({ products: [{ ...cd, quantity: 5 }] }, priced);
    expect(changes.cart.products[0]?.quantity).toBe(5);
    expect(changes.clamped).toEqual([]);
  });

  it('removes the lines the server removed, named, and keeps the others', () => {
    const priced = quote(
      [
        cartProduct({
          id: 7,
          isVariant: true,
          key: '7:v',
          sku: 'ME000050-M',
          quantity: 1,
          requested_quantity: 1,
        }),
      ],
      {
        removed: [
          { id: 1, isVariant: false, sku: 'MU000001', title: 'Canzoni del mare', reason: 'out_of_stock' },
        ],
      },
    );
    const changes = applyQuote({ products: [cd, shirtM] }, priced);
    expect(changes.cart.products.map((p) => p.sku)).toEqual(['ME000050-M']);
    expect(changes.removed).toEqual([{ key: '1:p', title: 'Canzoni del mare', reason: 'out_of_stock' }]);
  });

  it('names a removed line by what the cart knew when the server could not find it', () => {
    const priced = quote([], {
      removed: [{ id: 1, isVariant: false, sku: null, title: null, reason: 'not_found' }],
    });
    expect(applyQuote({ products: [cd] }, priced).removed).toEqual([
      { key: '1:p', title: 'Canzoni del mare', reason: 'not_found' },
    ]);
  });
});
