import { vatOf } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { NotFoundError } from '../../lib/errors';
import { chargeOrder } from '../cart/cart.service';
import * as q from './order-totals.queries';

type Writer = Pick<Ctx, 'db' | 'actor' | 'now' | 'config'>;

/**
 * DESIGN §6 rule 16, the one home of an order's money after its quantities change (edit, added rows,
 * row or backorder cancel, closing): every row at its stored price for what it still charges, less its
 * share of the order's fixed coupon spread again over those nets (rule 17), VAT with rule 5's correction, the free-shipping threshold and the cash-on-delivery fee, by the cart's engine.
 * Once an invoice was issued, shipping and fee stay as charged: the first invoice carries them.
 * The order's version rises, so payment attempts opened for the old amount are void. Runs in the
 * caller's transaction, after its quantity changes.
 */
export async function recomputeOrderTotals(tx: Writer, orderId: number): Promise<void> {
  const order = await q.lockOrderForTotals(tx.db, orderId);
  if (!order) throw new NotFoundError();
  const rows = await q.listRowsToCharge(tx.db, orderId);
  const charges = await chargeOrder(tx, {
    customerId: order.customerId,
    destinationCountry: order.shippingAddress.country,
    paymentMethod: order.paymentMethod,
    codFee: order.paymentFee,
    // A row invoiced for all it charges keeps the share its invoices carried.
    rows: rows.map((r) => ({
      ...r,
      invoicedShare: r.quantity > 0 && r.invoiced >= r.quantity ? r.invoicedShare : null,
    })),
    couponAmount: order.couponAmount ?? 0,
  });
  // DESIGN §6 rule 17: the fixed coupon follows the rows' nets; its amount as applied stays the order's.
  if (order.couponAmount)
    await q.updateCouponShares(
      tx.db,
      rows.map((row, i) => {
        const couponShare = charges.couponShares[i] ?? 0;
        return { id: row.id, couponShare, subtotal: row.price * row.orderedQty - couponShare };
      }),
    );
  const goodsVat = charges.subtotal_with_vat - charges.subtotal;
  const invoiced = await q.hasInvoice(tx.db, orderId);
  const shippingCosts = invoiced ? order.shippingCosts : charges.shipping.price;
  const paymentFee = invoiced ? order.paymentFee : charges.payment_fee;
  const rate = charges.shippingVatRate;
  const vat = goodsVat + vatOf(shippingCosts, rate) + vatOf(paymentFee, rate);
  const totalWithoutTaxes = charges.subtotal + shippingCosts + paymentFee;
  await q.updateOrderMoney(tx.db, orderId, {
    shippingCosts,
    paymentFee,
    vat,
    totalWithoutTaxes,
    total: totalWithoutTaxes + vat,
  });
}
