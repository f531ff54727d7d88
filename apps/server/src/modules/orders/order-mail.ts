import type { Order } from '@shop/domain';
import type { Ctx } from '../../lib/context';

/** EUR amounts in mails, from integer cents without floating point: 2416 → "EUR 24.16". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `EUR ${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The order confirmation (issue 5): number, rows, costs and total, in Italian and English. */
export function orderConfirmationText(order: Order): string {
  const rows = order.rows.map(
    (r) => `${r.product_sku}  ${r.description}  × ${r.total_ordered_qty}  ${euros(r.subtotal)}`,
  );
  return [
    `Grazie, abbiamo ricevuto il tuo ordine ${order.orderNo}. / Thank you, we received your order ${order.orderNo}.`,
    '',
    ...rows,
    '',
    `Spedizione / Shipping: ${euros(order.shipping_costs)}`,
    ...(order.payment_fee > 0 ? [`Contrassegno / Cash on delivery: ${euros(order.payment_fee)}`] : []),
    `IVA / VAT: ${euros(order.vat)}`,
    `Totale / Total: ${euros(order.total)}`,
  ].join('\n');
}

/**
 * Mails the confirmation to the customer once the order is committed. Not awaited: a slow or failing
 * mail server never fails or delays an order that is already written; the failure is logged.
 */
export function sendOrderConfirmation(
  ctx: Pick<Ctx, 'mailer' | 'log'>,
  order: Order & { email: string },
): void {
  ctx.mailer
    .send({
      to: order.email,
      subject: `Ordine ${order.orderNo} ricevuto / Order ${order.orderNo} received`,
      text: orderConfirmationText(order),
    })
    .catch((error: unknown) => ctx.log.error({ err: error, orderNo: order.orderNo }, 'order mail not sent'));
}
