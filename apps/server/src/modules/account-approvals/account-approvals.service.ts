import {
  type AccountApproval,
  type AccountApprovalListQuery,
  type AccountApproved,
  accountApprovalMessages,
  awaitsAccountApproval,
  type CustomerType,
  type Page,
  signUpNeedsApproval,
} from '@shop/domain';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { releaseNewAccountOrders } from '../orders/approvals.service';
import * as q from './account-approvals.queries';

/**
 * Issue 22, DESIGN §6 rule 18: a shop setting (off by default) makes new companies wait for staff
 * approval. Their orders are written like any order, in `awaiting_approval` with the reason
 * new_account; staff approving the account release them through the orders' approval path
 * (approvals.service.ts) and the customer is mailed.
 */

type Reader = Pick<Ctx, 'db'>;

/** At sign-up, inside its transaction: whether this new customer waits for staff approval. */
export async function signUpWaitsForApproval(tx: Reader, type: CustomerType): Promise<boolean> {
  return signUpNeedsApproval(type, await q.findNewCompanyApproval(tx.db));
}

/** At checkout, inside the order's transaction: 'new_account' while the customer waits for approval. */
export async function newAccountHold(tx: Reader, customerId: number): Promise<'new_account' | null> {
  const row = await q.findAccountApproval(tx.db, customerId);
  return row && awaitsAccountApproval(row) ? 'new_account' : null;
}

/** GET /api/backoffice/account-approvals: the accounts waiting, oldest first, with their held orders. */
export async function listAccountApprovals(
  ctx: Reader,
  query: AccountApprovalListQuery,
): Promise<Page<AccountApproval>> {
  const { page, per_page } = query;
  const [rows, total] = await Promise.all([
    q.listWaitingAccounts(ctx.db, { limit: per_page, offset: (page - 1) * per_page, q: query.q }),
    q.countWaitingAccounts(ctx.db, query.q),
  ]);
  const data = rows.map((r) => ({
    customer_id: r.id,
    company: r.company,
    name: [r.firstname, r.lastname].filter(Boolean).join(' '),
    email: r.email,
    country: r.country,
    vat_id: r.vatId,
    sdi_code: r.sdiCode,
    pec: r.pec,
    requested_at: r.requestedAt!.toISOString(),
    orders_waiting: r.ordersWaiting,
    orders_total: r.ordersTotal,
  }));
  return { data, meta: { total, page, per_page } };
}

/**
 * POST /api/backoffice/account-approvals/{id}/approve: the account is approved and its orders held for
 * it go ahead (each to the status its payment method gives, DESIGN §6 rule 10), in one transaction;
 * then the customer is mailed in his language. 404 unknown, 409 not waiting (two staff racing approve once).
 */
export async function approveAccount(ctx: Ctx, customerId: number): Promise<AccountApproved> {
  const { account, released, at } = await inTransaction(ctx, async (tx) => {
    const account = await q.findAccountApproval(tx.db, customerId, true);
    if (!account) throw new NotFoundError('Customer not found');
    if (!awaitsAccountApproval(account)) throw new ConflictError(accountApprovalMessages.notAwaitingApproval);
    const at = tx.now();
    await q.markAccountApproved(tx.db, customerId, at);
    return { account, released: await releaseNewAccountOrders(tx, customerId), at };
  });
  sendAccountApproved(ctx, { to: account.email, language: account.language, orderNos: released });
  return { customer_id: customerId, approved_at: at.toISOString(), released_orders: released };
}

/** The customer learns he can order, and which of his orders now go ahead; a failure is logged. */
function sendAccountApproved(
  ctx: Pick<Ctx, 'mailer' | 'log' | 'config'>,
  mail: { to: string; language: string; orderNos: string[] },
): void {
  const link = `${ctx.config.appUrl}/products`;
  const orders = mail.orderNos.join(', ');
  const [subject, lines] =
    mail.language === 'en'
      ? [
          'Your account has been approved',
          [
            'Your account has been approved: you can now order.',
            ...(orders ? [`Your orders waiting for the approval now go ahead: ${orders}.`] : []),
            '',
            link,
          ],
        ]
      : [
          'Il tuo account è stato approvato',
          [
            'Il tuo account è stato approvato: ora puoi ordinare.',
            ...(orders ? [`I tuoi ordini in attesa dell'approvazione ora procedono: ${orders}.`] : []),
            '',
            link,
          ],
        ];
  ctx.mailer
    .send({ to: mail.to, subject, text: lines.join('\n') })
    .catch((error: unknown) => ctx.log.error({ err: error, subject }, 'account approval mail not sent'));
}
