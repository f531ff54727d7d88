import type { Ctx } from '../../lib/context';
import { euros } from '../orders/order-mail';

/** A payment that arrived for money the order does not owe: in the customer's language. */
export function refundDueText(
  language: string,
  orderNo: string,
  amount: number,
): { subject: string; text: string } {
  if (language === 'en')
    return {
      subject: `Order ${orderNo}: your payment will be refunded`,
      text: `We received a payment of ${euros(amount)} for order ${orderNo} that the order does not owe (it was cancelled or changed). We will refund it to you; you do not need to do anything.`,
    };
  return {
    subject: `Ordine ${orderNo}: il tuo pagamento sarà rimborsato`,
    text: `Abbiamo ricevuto un pagamento di ${euros(amount)} per l'ordine ${orderNo} che l'ordine non deve (è stato annullato o modificato). Te lo rimborseremo; non devi fare nulla.`,
  };
}

/** Mailed after the payment is recorded; never awaited, a failing mail server is logged. */
export function sendRefundDueMail(
  ctx: Pick<Ctx, 'mailer' | 'log'>,
  due: { orderNo: string; refundDue: number; email: string | null; language: string },
): void {
  if (!due.email) return;
  ctx.mailer
    .send({ to: due.email, ...refundDueText(due.language, due.orderNo, due.refundDue) })
    .catch((error: unknown) => ctx.log.error({ err: error, orderNo: due.orderNo }, 'refund mail not sent'));
}
