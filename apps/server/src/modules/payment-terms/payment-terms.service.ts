import {
  messages,
  type Page,
  type PaymentTerms,
  type PaymentTermsInputSchema,
  type PaymentTermsQuery,
  type TermsInstalment,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import * as q from './payment-terms.queries';

/**
 * Payment terms in the back office (issue 20 point 2): list, create, edit, delete, each write in one
 * transaction. A name used by other terms answers 422 'already exist' on `name`, also when two writes
 * race (the unique index decides). Deleting terms leaves their groups and customers without any: their
 * next invoices fall due on their date.
 */

type Reader = Pick<Ctx, 'db'>;
type PaymentTermsWrite = z.output<typeof PaymentTermsInputSchema>;

const nameExists = () => ValidationError.field('name', messages.alreadyExist);

const toPaymentTerms = (row: q.PaymentTermsRecord): PaymentTerms => ({
  id: row.id,
  name: row.name,
  instalments: row.instalments.map((i) => ({ days: i.days, end_of_month: i.endOfMonth, share: i.share })),
});

const termsValues = (input: PaymentTermsWrite): q.PaymentTermsValues => ({
  name: input.name,
  instalments: input.instalments.map(
    (i): TermsInstalment => ({ days: i.days, endOfMonth: i.end_of_month, share: i.share }),
  ),
});

async function writeWithName<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameExists();
    throw error;
  }
}

/** GET /api/payment-terms: `text` in the name, sorted, a page at a time. */
export async function listPaymentTerms(ctx: Reader, query: PaymentTermsQuery): Promise<Page<PaymentTerms>> {
  const { rows, total } = await q.listPaymentTerms(ctx.db, {
    text: query.text,
    sort: query.sort,
    dir: query.dir,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toPaymentTerms), meta: { total, page: query.page, per_page: query.per_page } };
}

export async function getPaymentTerms(ctx: Reader, id: number): Promise<PaymentTerms> {
  const row = await q.findPaymentTerms(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toPaymentTerms(row);
}

/** POST /api/payment-terms. */
export async function createPaymentTerms(ctx: Reader, input: PaymentTermsWrite): Promise<PaymentTerms> {
  const row = await writeWithName(() =>
    inTransaction(ctx, async (tx) => {
      if (await q.nameTaken(tx.db, input.name)) throw nameExists();
      return q.insertPaymentTerms(tx.db, termsValues(input));
    }),
  );
  return toPaymentTerms(row);
}

/** PUT /api/payment-terms/{id}: invoices already issued keep the due dates they were given. */
export async function updatePaymentTerms(
  ctx: Reader,
  id: number,
  input: PaymentTermsWrite,
): Promise<PaymentTerms> {
  const row = await writeWithName(() =>
    inTransaction(ctx, async (tx) => {
      if (!(await q.findPaymentTerms(tx.db, id))) throw new NotFoundError();
      if (await q.nameTaken(tx.db, input.name, id)) throw nameExists();
      return q.updatePaymentTerms(tx.db, id, termsValues(input));
    }),
  );
  return toPaymentTerms(row!);
}

/** DELETE /api/payment-terms/{id}: the groups and customers that had them are left without terms. */
export async function deletePaymentTerms(ctx: Reader, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.deletePaymentTerms(tx.db, id))) throw new NotFoundError();
  });
}

/**
 * The terms a customer's invoices take (issue 20 point 2): his own, else his group's; none means the
 * invoice falls due on its date.
 */
export async function customerPaymentTerms(
  ctx: Reader,
  customerId: number,
): Promise<{ name: string; instalments: TermsInstalment[] } | null> {
  const row = await q.findCustomerTerms(ctx.db, customerId);
  return row ? { name: row.name, instalments: row.instalments } : null;
}
