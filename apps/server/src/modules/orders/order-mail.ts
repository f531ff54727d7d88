import { type Order, orderMoney } from '@shop/domain';
import type { Ctx } from '../../lib/context';

/** EUR amounts in mails, from integer cents without floating point: 2416 → "EUR 24.16". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `EUR ${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in basis points as a percent, up to two decimals: 981 → "9.81%", 1500 → "15%". */
export function percent(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100);
  const decimals = String(basisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${decimals ? `.${decimals}` : ''}%`;
}

/**
 * The order confirmation (issue 5): number, rows, costs and total, in Italian and English. Money as
 * the customer saw it in the cart (issue 16): with VAT for private persons, without for companies and
 * extra-EU customers, each amount labelled; rows and subtotal before the coupon, then the coupon's line.
 */
export function orderConfirmationText(order: Order): string {
  const { lines, totals } = orderMoney(order);
  const gross = totals.display === 'gross';
  const mode = gross ? '(IVA incl. / VAT incl.)' : '(IVA escl. / VAT excl.)';
  const rows = order.rows.map((r, i) => {
    const shown = lines[i]!;
    const discount = shown.discountRate > 0 ? ` -${percent(shown.discountRate)}` : '';
    return `${r.product_sku}  ${r.description}  × ${r.total_ordered_qty}  ${euros(shown.unitPrice)}${discount}  ${euros(shown.total)} ${mode}`;
  });
  const { coupon } = totals;
  return [
    `Grazie, abbiamo ricevuto il tuo ordine ${order.orderNo}. / Thank you, we received your order ${order.orderNo}.`,
    ...(order.status === 'awaiting_approval'
      ? [
          order.approval?.reason === 'new_account'
            ? "Il tuo account attende l'approvazione del negozio: l'ordine procederà quando sarà approvato. / Your account waits for the shop's approval: the order goes ahead once it is approved."
            : "L'ordine supera il tuo limite di spesa e attende l'approvazione della tua azienda. / The order is over your spending limit and waits for your company's approval.",
        ]
      : []),
    '',
    ...rows,
    '',
    `Subtotale / Subtotal ${mode}: ${euros(totals.subtotalBeforeCoupon)}`,
    ...(coupon
      ? [
          `Coupon ${coupon.code ?? ''}${coupon.kind === 'fixed' ? '' : ` -${percent(coupon.rate)}`} ${mode}: ${euros(-coupon.amount)}`,
        ]
      : []),
    `Spedizione / Shipping ${mode}: ${euros(totals.shipping)}`,
    ...(totals.paymentFee > 0
      ? [`Contrassegno / Cash on delivery ${mode}: ${euros(totals.paymentFee)}`]
      : []),
    ...(gross
      ? []
      : [
          `Totale IVA escl. / Total excl. VAT: ${euros(totals.totalWithoutTaxes)}`,
          `IVA / VAT: ${euros(totals.vat)}`,
        ]),
    `Totale / Total (IVA incl. / VAT incl.): ${euros(totals.total)}`,
    ...(gross ? [`di cui IVA / of which VAT: ${euros(totals.vat)}`] : []),
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

/** Sends a mail after the commit, never failing or delaying the request: a failure is logged. */
function sendLogged(ctx: Pick<Ctx, 'mailer' | 'log'>, mail: { to: string; subject: string; text: string }) {
  ctx.mailer
    .send(mail)
    .catch((error: unknown) => ctx.log.error({ err: error, subject: mail.subject }, 'order mail not sent'));
}

/** DESIGN §6 rule 18: each approver of the customer learns an order waits for him, and where to decide. */
export function sendApprovalRequests(
  ctx: Pick<Ctx, 'mailer' | 'log' | 'config'>,
  order: Order,
  approvers: readonly string[],
): void {
  const link = `${ctx.config.appUrl}/profile/approvals`;
  for (const to of approvers) {
    sendLogged(ctx, {
      to,
      subject: `L'ordine ${order.orderNo} attende la tua approvazione / Order ${order.orderNo} waits for your approval`,
      text: [
        `L'ordine ${order.orderNo} di ${order.placed_by?.email ?? ''} supera un limite di spesa: approvalo o rifiutalo qui: ${link}`,
        `Order ${order.orderNo} by ${order.placed_by?.email ?? ''} is over a spending limit: approve or reject it here: ${link}`,
        '',
        `Totale IVA escl. / Total excl. VAT: ${euros(order.total_without_taxes)}`,
      ].join('\n'),
    });
  }
}

/** The buyer learns what his company decided on his order, with the approver's note. */
export function sendApprovalDecision(
  ctx: Pick<Ctx, 'mailer' | 'log'>,
  decision: { to: string; orderNo: string; approved: boolean; note: string | null },
): void {
  const { orderNo, note } = decision;
  const [it, en] = decision.approved ? ['approvato', 'approved'] : ['rifiutato', 'rejected'];
  sendLogged(ctx, {
    to: decision.to,
    subject: `Ordine ${orderNo} ${it} / Order ${orderNo} ${en}`,
    text: [
      `Il tuo ordine ${orderNo} è stato ${it}. / Your order ${orderNo} was ${en}.`,
      ...(note ? ['', `Nota / Note: ${note}`] : []),
    ].join('\n'),
  });
}
