import type { AddressChoice, PaymentMethod, QuoteRequest } from '@shop/domain';
import { useEffect, useMemo, useState } from 'react';
import { useCartQuote } from '../../api/get-cart-quote';
import { applyQuote, cartLineInputs, type QuoteChanges } from './cart-lines';
import { updateCart, useCart } from './cart-store';

export interface QuotedCartOptions {
  /** Back office: the customer the administrator orders for. */
  customerId?: number | null;
  shipping?: AddressChoice | null;
  paymentMethod?: PaymentMethod | null;
  couponCode?: string | null;
  /** False until the caller knows what to price (e.g. the back office before a customer is chosen). */
  enabled?: boolean;
}

/** What the server changed in the cart, for the page to say (SPEC §4, §8). */
export type CartNotice =
  | ({ kind: 'clamped' } & QuoteChanges['clamped'][number])
  | ({ kind: 'removed' } & QuoteChanges['removed'][number]);

/** The quote request for a cart and the checkout's choices. */
export function quoteRequest(products: QuoteRequest['products'], options: QuotedCartOptions): QuoteRequest {
  return {
    products,
    ...(options.customerId ? { customer_id: options.customerId } : {}),
    ...(options.shipping ? { shipping: options.shipping } : {}),
    ...(options.paymentMethod ? { payment_method: options.paymentMethod } : {}),
    ...(options.couponCode ? { coupon_code: options.couponCode } : {}),
  };
}

/**
 * The stored cart priced by the server. Each fresh quote is written back into the stored cart: the
 * clamped quantities replace the asked ones and removed lines leave it, each change kept as a notice.
 */
export function useQuotedCart(options: QuotedCartOptions = {}) {
  const cart = useCart();
  const { customerId, shipping, paymentMethod, couponCode, enabled = true } = options;
  const request = useMemo(
    () => quoteRequest(cartLineInputs(cart), { customerId, shipping, paymentMethod, couponCode }),
    [cart, customerId, shipping, paymentMethod, couponCode],
  );
  const quote = useCartQuote(request, enabled && cart.products.length > 0);
  const [notices, setNotices] = useState<CartNotice[]>([]);

  useEffect(() => {
    const data = quote.data;
    if (!data || quote.isPlaceholderData) return;
    let changes: QuoteChanges | undefined;
    updateCart((stored) => {
      changes = applyQuote(stored, data);
      return changes.cart;
    });
    const found = [
      ...(changes?.clamped ?? []).map((c): CartNotice => ({ kind: 'clamped', ...c })),
      ...(changes?.removed ?? []).map((r): CartNotice => ({ kind: 'removed', ...r })),
    ];
    if (found.length > 0)
      setNotices((shown) => [
        ...shown.filter((n) => !found.some((f) => f.key === n.key && f.kind === n.kind)),
        ...found,
      ]);
  }, [quote.data, quote.isPlaceholderData]);

  const dismissNotices = () => setNotices([]);
  return { cart, request, quote, notices, dismissNotices };
}
