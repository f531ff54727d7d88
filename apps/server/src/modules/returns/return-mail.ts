import type { ReturnRefundMethod } from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { euros } from '../orders/order-mail';

/**
 * The mails of a return's steps (issue 21 point 5), in the customer's language (it, else en): each
 * sent after the step is committed, never failing or delaying it (a failure is logged).
 */

export type ReturnMailTarget = {
  email: string | null;
  language: string;
  orderNo: string;
  /** The return number once authorised. */
  number: string | null;
};

export type ReturnStep =
  | { step: 'requested'; pieces: number }
  | { step: 'authorised'; instructions: string }
  | { step: 'refused'; note: string }
  | { step: 'cancelled'; note: string }
  | { step: 'received'; pieces: number }
  | { step: 'credited'; creditNoteNumber: string; total: number }
  | { step: 'refunded'; method: ReturnRefundMethod; amount: number };

type Text = { subject: string; text: string };

function italian(target: ReturnMailTarget, s: ReturnStep): Text {
  const { orderNo, number } = target;
  const name = number ? `Reso ${number}` : 'Richiesta di reso';
  switch (s.step) {
    case 'requested':
      return {
        subject: `Ordine ${orderNo}: richiesta di reso ricevuta`,
        text: `Abbiamo ricevuto la tua richiesta di reso di ${s.pieces} pezzi dell'ordine ${orderNo}. Ti scriveremo appena l'avremo esaminata: non spedire nulla prima della nostra autorizzazione.`,
      };
    case 'authorised':
      return {
        subject: `${name} autorizzato (ordine ${orderNo})`,
        text: `Il tuo reso per l'ordine ${orderNo} è autorizzato con il numero ${number}. Indica il numero sul pacco.\n\nIstruzioni:\n${s.instructions}`,
      };
    case 'refused':
      return {
        subject: `Ordine ${orderNo}: richiesta di reso non accettata`,
        text: `La tua richiesta di reso per l'ordine ${orderNo} non è stata accettata.\n\nMotivo: ${s.note}`,
      };
    case 'cancelled':
      return {
        subject: `${name} annullato (ordine ${orderNo})`,
        text: `Il reso ${number} dell'ordine ${orderNo} è stato annullato.\n\nMotivo: ${s.note}`,
      };
    case 'received':
      return {
        subject: `${name}: merce ricevuta (ordine ${orderNo})`,
        text: `Abbiamo ricevuto ${s.pieces} pezzi del reso ${number}. Emetteremo a breve la nota di credito.`,
      };
    case 'credited':
      return {
        subject: `${name}: nota di credito ${s.creditNoteNumber}`,
        text: `Per il reso ${number} dell'ordine ${orderNo} abbiamo emesso la nota di credito ${s.creditNoteNumber} di ${euros(s.total)} (IVA inclusa). La trovi tra i tuoi documenti.`,
      };
    case 'refunded':
      return {
        subject: `${name}: rimborso di ${euros(s.amount)}`,
        text:
          s.method === 'gateway'
            ? `Ti abbiamo rimborsato ${euros(s.amount)} per il reso ${number} sul metodo di pagamento con cui hai pagato l'ordine ${orderNo}.`
            : `Ti rimborseremo ${euros(s.amount)} per il reso ${number} con un bonifico bancario.`,
      };
  }
}

function english(target: ReturnMailTarget, s: ReturnStep): Text {
  const { orderNo, number } = target;
  const name = number ? `Return ${number}` : 'Return request';
  switch (s.step) {
    case 'requested':
      return {
        subject: `Order ${orderNo}: return request received`,
        text: `We received your request to return ${s.pieces} items of order ${orderNo}. We will write to you once we have looked at it: please do not send anything before we authorise it.`,
      };
    case 'authorised':
      return {
        subject: `${name} authorised (order ${orderNo})`,
        text: `Your return for order ${orderNo} is authorised with number ${number}. Please write the number on the parcel.\n\nInstructions:\n${s.instructions}`,
      };
    case 'refused':
      return {
        subject: `Order ${orderNo}: return request refused`,
        text: `Your return request for order ${orderNo} was not accepted.\n\nReason: ${s.note}`,
      };
    case 'cancelled':
      return {
        subject: `${name} cancelled (order ${orderNo})`,
        text: `Return ${number} of order ${orderNo} was cancelled.\n\nReason: ${s.note}`,
      };
    case 'received':
      return {
        subject: `${name}: goods received (order ${orderNo})`,
        text: `We received ${s.pieces} items of return ${number}. We will issue the credit note shortly.`,
      };
    case 'credited':
      return {
        subject: `${name}: credit note ${s.creditNoteNumber}`,
        text: `For return ${number} of order ${orderNo} we issued credit note ${s.creditNoteNumber} of ${euros(s.total)} (VAT included). You find it among your documents.`,
      };
    case 'refunded':
      return {
        subject: `${name}: refund of ${euros(s.amount)}`,
        text:
          s.method === 'gateway'
            ? `We refunded ${euros(s.amount)} for return ${number} to the payment method you paid order ${orderNo} with.`
            : `We will refund ${euros(s.amount)} for return ${number} by bank transfer.`,
      };
  }
}

/** The mail of a step, in Italian unless the customer chose English. */
export function returnMailText(target: ReturnMailTarget, step: ReturnStep): Text {
  return target.language === 'en' ? english(target, step) : italian(target, step);
}

export function sendReturnMail(
  ctx: Pick<Ctx, 'mailer' | 'log'>,
  target: ReturnMailTarget,
  step: ReturnStep,
): void {
  if (!target.email) return;
  ctx.mailer
    .send({ to: target.email, ...returnMailText(target, step) })
    .catch((error: unknown) =>
      ctx.log.error({ err: error, orderNo: target.orderNo, step: step.step }, 'return mail not sent'),
    );
}
