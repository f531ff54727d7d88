import { type CreditHold, type CreditStatus, creditHoldFor, creditMessages, exposureOf } from '@shop/domain';
import type { Db } from '../../db/client';
import type { Ctx } from '../../lib/context';
import { shopDate } from '../../lib/dates';
import { BusinessRuleError, NotFoundError } from '../../lib/errors';
import * as q from './credit.queries';

/**
 * Issue 20 point 3, DESIGN §6 rule 18: credit control. A customer's exposure (unpaid invoices + open
 * orders not yet invoiced, VAT included) against the credit limit staff set, his overdue invoices, and
 * the block that stops his ordering.
 */

type Reader = Pick<Ctx, 'db' | 'now'>;

async function figuresOf(db: Db, customerId: number, today: string) {
  const [unpaidInstalments, creditNotes, openOrders, overdue] = await Promise.all([
    q.listUnpaidByOrder(db, customerId),
    q.listCreditNotesByOrder(db, customerId),
    q.listOpenOrders(db, customerId),
    q.listOverdueInvoices(db, customerId, today),
  ]);
  return { overdue, ...exposureOf({ unpaidInstalments, creditNotes, openOrders }) };
}

/** GET …/customers/{id}/credit: the figures staff and the company admin see, to the cent. */
export async function creditStatusOf(ctx: Reader, customerId: number): Promise<CreditStatus> {
  const terms = await q.findCreditTerms(ctx.db, customerId);
  if (!terms) throw new NotFoundError();
  const f = await figuresOf(ctx.db, customerId, shopDate(ctx.now()));
  const limit = terms.creditLimit;
  return {
    credit_limit: limit,
    exposure: f.exposure,
    unpaid_invoices: f.unpaidInvoices,
    open_orders: f.openOrders,
    overdue_invoices: f.overdue.length,
    oldest_overdue: f.overdue[0]?.dueDate ?? null,
    available: limit === null ? null : limit - f.exposure,
    blocked: terms.blocked,
  };
}

/** Who a refused customer should call: the shop's credit contact, else its name, phone and e-mail. */
async function contactOf(db: Db): Promise<string> {
  const s = await q.findCreditSettings(db);
  if (!s) return '';
  return s.contact ?? `${s.name}, ${s.phone}, ${s.email}`;
}

const blockedMessage = (contact: string) => creditMessages.orderingBlocked.replace(':contact', contact);

/** GET /api/user: the message a blocked customer's checkout shows before he tries, else null. */
export async function orderingBlockedMessage(
  ctx: Pick<Ctx, 'db'>,
  customerId: number,
): Promise<string | null> {
  const terms = await q.findCreditTerms(ctx.db, customerId);
  return terms?.blocked ? blockedMessage(await contactOf(ctx.db)) : null;
}

const euros = (cents: number) => (Math.max(0, cents) / 100).toFixed(2);

/**
 * Checkout, inside the order's transaction: a blocked customer is refused (422 naming who to call);
 * for a customer with a limit, an order taking his exposure over it, or any order while an invoice is
 * overdue past the grace days, is held for staff (the reason returned) or refused, per the shop's
 * `credit_action`. The customer's row stays locked, so concurrent orders see each other's exposure.
 */
export async function creditHoldForOrder(
  tx: Reader,
  customerId: number,
  orderTotal: number,
): Promise<Exclude<CreditHold, 'blocked'> | null> {
  const today = shopDate(tx.now());
  const unlocked = await q.findCreditTerms(tx.db, customerId);
  if (!unlocked) throw new NotFoundError();
  // Customers without credit control are not serialised: only those with a limit or a block wait.
  if (!unlocked.blocked && unlocked.creditLimit === null) return null;
  const terms = (await q.findCreditTerms(tx.db, customerId, true)) ?? unlocked;
  const settings = await q.findCreditSettings(tx.db);
  const graceDays = settings?.graceDays ?? 0;
  const f = await figuresOf(tx.db, customerId, today);
  const hold = creditHoldFor(
    {
      creditLimit: terms.creditLimit,
      blocked: terms.blocked,
      exposure: f.exposure,
      oldestUnpaidDueDate: f.overdue[0]?.dueDate ?? null,
    },
    { total: orderTotal, graceDays, today },
  );
  if (hold === null) return null;
  const contact = await contactOf(tx.db);
  if (hold === 'blocked') throw new BusinessRuleError(blockedMessage(contact));
  if (settings?.action !== 'refuse') return hold;
  if (hold === 'overdue_invoices')
    throw new BusinessRuleError(creditMessages.overdueInvoices.replace(':contact', contact));
  const available = (terms.creditLimit ?? 0) - f.exposure;
  throw new BusinessRuleError(
    creditMessages.overCreditLimit.replace(':available', euros(available)).replace(':contact', contact),
  );
}
