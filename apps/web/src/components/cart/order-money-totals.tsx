import { type Order, orderMoney } from '@shop/domain';
import { MoneyTotals, type MoneyTotalsIds } from './money-totals';

const ids: MoneyTotalsIds = {
  root: 'order-totals',
  subtotal: 'order-subtotal',
  coupon: 'order-coupon',
  shipping: 'order-shipping',
  paymentFee: 'order-payment-fee',
  totalWithoutTaxes: 'order-total-net',
  vat: 'order-vat',
  total: 'order-total',
};

/**
 * A placed order's totals as its customer sees them (issue 16): the same lines, labels and figures as
 * the cart and checkout showed (the server computes them with the cart's display rule), ending at the
 * order's total.
 */
export function OrderMoneyTotals({ order }: { order: Order }) {
  return (
    <MoneyTotals totals={orderMoney(order).totals} ids={ids} freeShipping={order.shipping_costs === 0} />
  );
}
