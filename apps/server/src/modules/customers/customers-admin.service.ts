import type { Writable } from 'node:stream';
import {
  type AdminCustomerCreate,
  type AdminCustomerUpdate,
  type Customer,
  type CustomerExportQuery,
  type CustomerListItem,
  type CustomerListQuery,
  type CustomerUser,
  type CustomerUserInput,
  commercialTermsMessages,
  messages,
  type Page,
  type ProfileInput,
  profileProblems,
} from '@shop/domain';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../lib/context';
import { hashPassword, randomToken } from '../../lib/crypto';
import { shopDate } from '../../lib/dates';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { forgotPassword } from '../auth/auth.service';
import { forgetUserSessions } from '../auth/session-cache';
import { queueErpSync } from '../erp/erp.service';
import { forgetCustomerPricing } from '../products/products.service';
import { insertAddress } from './addresses.queries';
import { insertCustomer } from './customers.queries';
import { getCustomer, isExtraEu } from './customers.service';
import * as q from './customers-admin.queries';
import { customerHasOrders, lockCustomerRow, updateCustomerRow } from './profile.queries';
import { profileColumns, verifyVatNumber } from './profile.service';

/**
 * The back office's customers (SPEC §2 customers/{id} tabs info and customer-user, §3, §5, §7): the
 * list and its export, creating a customer with its sign-in account, an administrator's edit of every
 * field, and the account (e-mail, super-admin flag, password reset link). The address tab uses the
 * address book's routes.
 */

type Row = Awaited<ReturnType<typeof q.listCustomers>>[number];
const EXPORT_BATCH = 1000;

function toListItem({ customer: c, groupCode, erpSyncState }: Row): CustomerListItem {
  return {
    id: c.id,
    type: c.type,
    company: c.company,
    firstname: c.firstname,
    lastname: c.lastname,
    email: c.email,
    country: c.country,
    vat_id: c.vatId,
    tax_number: c.taxNumber,
    customer_group_id: c.customerGroupId,
    customer_group_code: groupCode,
    erp_code: c.erpCode,
    erp_connected: c.erpConnected,
    erp_sync_state: erpSyncState as CustomerListItem['erp_sync_state'],
    created_at: c.createdAt.toISOString(),
  };
}

function filterOf(query: CustomerExportQuery): q.CustomerListFilter {
  return { text: query.text || undefined, sort: query.sort ?? 'name', dir: query.dir ?? 'asc' };
}

/** GET /api/customers: a page of customers matching `text` (name, e-mail, VAT id, tax number, ERP code). */
export async function listCustomers(
  ctx: Pick<Ctx, 'db'>,
  query: CustomerListQuery,
): Promise<Page<CustomerListItem>> {
  const filter = filterOf(query);
  const rows = await q.listCustomers(ctx.db, filter, query.per_page, (query.page - 1) * query.per_page);
  return {
    data: rows.map(toListItem),
    meta: { total: await q.countCustomers(ctx.db, filter.text), page: query.page, per_page: query.per_page },
  };
}

/** The export's columns, the list's fields in its order. */
const EXPORT_COLUMNS = [
  'id',
  'type',
  'company',
  'firstname',
  'lastname',
  'email',
  'vat_id',
  'tax_number',
  'customer_group_code',
  'country',
  'erp_code',
  'erp_connected',
  'erp_sync_state',
  'created_at',
] as const satisfies readonly (keyof CustomerListItem)[];

/** GET /api/customers/export: the whole filtered list, sorted as shown, as .xlsx into `out`. */
export async function exportCustomers(
  ctx: Pick<Ctx, 'db'>,
  query: CustomerExportQuery,
  out: Writable,
): Promise<void> {
  const filter = filterOf(query);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('customers');
  sheet.addRow([...EXPORT_COLUMNS]).commit();
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const rows = await q.listCustomers(ctx.db, filter, EXPORT_BATCH, offset);
    for (const row of rows) {
      const item = toListItem(row);
      sheet.addRow(EXPORT_COLUMNS.map((column) => item[column])).commit();
    }
    if (rows.length < EXPORT_BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
}

/** SPEC §5 rules of 'My data' (profileProblems), then the VAT number through VIES. */
async function assertValidProfile(ctx: Ctx, input: ProfileInput): Promise<void> {
  const problems = profileProblems(input, shopDate(ctx.now()));
  if (Object.keys(problems).length > 0) {
    throw new ValidationError(
      Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, [message]])),
    );
  }
  if (input.vat_id && (await verifyVatNumber(ctx, input.vat_id, input.country)) === 'invalid') {
    throw ValidationError.field('vat_id', messages.vatNumberInvalid);
  }
}

/** The customer group, the payment terms and the currency must exist (EUR, the shop's, always does). */
async function assertReferences(
  db: Ctx['db'],
  input: AdminCustomerUpdate,
  current?: { currency: string },
): Promise<void> {
  if (input.customer_group_id && !(await q.customerGroupExists(db, input.customer_group_id))) {
    throw ValidationError.field('customer_group_id', messages.invalidValue);
  }
  if (input.payment_terms_id && !(await q.paymentTermsExist(db, input.payment_terms_id))) {
    throw ValidationError.field('payment_terms_id', commercialTermsMessages.paymentTermsUnknown);
  }
  const currency = input.currency;
  if (
    currency &&
    currency !== 'EUR' &&
    currency !== current?.currency &&
    !(await q.currencyExists(db, currency))
  ) {
    throw ValidationError.field('currency', messages.invalidValue);
  }
}

/** A lost race on a unique e-mail reads as the taken e-mail it is. */
async function withUniqueEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw ValidationError.field('email', messages.emailTaken);
    throw error;
  }
}

/** The columns of the administrators' fields that were given (a field left out stays as it is). */
function adminColumns(input: AdminCustomerUpdate) {
  return {
    discount: input.discount,
    currency: input.currency,
    taxRule: input.tax_rule,
    preorderDays: input.preorder_days,
    newsletterOption: input.newsletter_option,
    customerGroupId: input.customer_group_id,
    ordersState: input.orders_state,
    externalErpCode: input.external_erp_code,
    availableFrom: input.available_from,
    language: input.language,
    paymentMethods: input.payment_methods,
    paymentTermsId: input.payment_terms_id,
    creditLimit: input.credit_limit,
    blocked: input.blocked,
  };
}

/** Sends the set-your-password link (the reset mail); a mail that fails leaves the link to be re-sent from the user tab. */
async function mailPasswordLink(ctx: Ctx, email: string): Promise<void> {
  try {
    await forgotPassword(ctx, email);
  } catch (error) {
    ctx.log.warn({ err: error }, 'password link mail failed');
  }
}

/**
 * POST /api/customers: the customer with every given field, its sign-in account (same e-mail, a
 * password nobody knows until the mailed link sets one) and optionally its default billing address,
 * in one transaction; the link is mailed once it commits. Extra-EU and the tax rule follow the
 * country unless given.
 */
export async function createCustomer(ctx: Ctx, input: AdminCustomerCreate): Promise<Customer> {
  await assertValidProfile(ctx, input);
  const billing = input.billing_address;
  if (billing && billing.type !== 'B')
    throw ValidationError.field('billing_address.type', messages.invalidValue);
  const passwordHash = await hashPassword(randomToken());
  const id = await withUniqueEmail(() =>
    inTransaction(ctx, async (tx) => {
      if (await q.emailTaken(tx.db, input.email)) throw ValidationError.field('email', messages.emailTaken);
      await assertReferences(tx.db, input);
      const extraCee = input.extra_cee ?? isExtraEu(input.country);
      const customer = await insertCustomer(tx.db, {
        ...profileColumns(input),
        ...adminColumns(input),
        email: input.email,
        taxRule: input.tax_rule ?? (extraCee ? 'exempt' : 'standard'),
        extraCee,
        newsletter: input.newsletter ?? false,
        newsletterDate: input.newsletter ? tx.now() : null,
        createdAt: tx.now(),
      });
      await q.insertUser(tx.db, {
        email: input.email,
        passwordHash,
        customerId: customer.id,
        customerRole: 'admin',
        createdAt: tx.now(),
      });
      if (billing) {
        const { is_default: _, ...address } = billing;
        await insertAddress(tx.db, { ...address, customerId: customer.id, isDefault: true });
      }
      return customer.id;
    }),
  );
  await mailPasswordLink(ctx, input.email);
  return getCustomer(ctx, id);
}

/**
 * PUT /api/customers/{id} by an administrator: the profile's fields with its rules (a customer with
 * orders keeps their type) and the administrators' fields given. A new e-mail is also the sign-in
 * account's. The newsletter is dated when it turns on. A customer connected to the ERP queues a sync.
 */
export async function updateCustomer(
  ctx: Ctx,
  customerId: number,
  input: AdminCustomerUpdate,
): Promise<Customer> {
  await assertValidProfile(ctx, input);
  await withUniqueEmail(() =>
    inTransaction(ctx, async (tx) => {
      const current = await lockCustomerRow(tx.db, customerId);
      if (!current) throw new NotFoundError(messages.customerNotFound);
      if (input.type !== current.type && (await customerHasOrders(tx.db, customerId))) {
        throw ValidationError.field('type', messages.customerTypeLocked);
      }
      await assertReferences(tx.db, input, current);
      if (input.email !== undefined && input.email !== current.email) {
        if (await q.emailTaken(tx.db, input.email, customerId)) {
          throw ValidationError.field('email', messages.emailTaken);
        }
        await q.updateCustomerEmail(tx.db, customerId, input.email);
      }
      const newsletter = input.newsletter ?? current.newsletter;
      await updateCustomerRow(tx.db, customerId, {
        ...profileColumns(input),
        ...adminColumns(input),
        newsletter,
        newsletterDate: newsletter ? (current.newsletter ? current.newsletterDate : tx.now()) : null,
        extraCee:
          input.extra_cee ?? (input.country !== current.country ? isExtraEu(input.country) : undefined),
      });
      if (current.erpConnected) {
        await queueErpSync(tx, {
          entity: 'customer',
          entityId: customerId,
          key: String(customerId),
          requested: false,
        });
      }
    }),
  );
  if (input.email !== undefined) await forgetCustomerSessions(ctx, customerId);
  forgetCustomerPricing(ctx.db, customerId);
  return getCustomer(ctx, customerId);
}

/** The cached sessions of the customer's account re-read it (its e-mail or flag changed). */
async function forgetCustomerSessions(ctx: Ctx, customerId: number): Promise<void> {
  const user = await q.findUserOfCustomer(ctx.db, customerId);
  if (user) forgetUserSessions(ctx.sessions, user.id);
}

/** GET /api/customers/{id}/user: the sign-in account, or the customer's e-mail when there is none yet. */
export async function getCustomerUser(ctx: Pick<Ctx, 'db'>, customerId: number): Promise<CustomerUser> {
  const customer = await getCustomer(ctx, customerId);
  const user = await q.findUserOfCustomer(ctx.db, customerId);
  if (!user) {
    return {
      id: null,
      email: customer.email,
      is_super_admin: false,
      created_at: null,
      last_sign_in_at: null,
    };
  }
  return {
    id: user.id,
    email: user.email,
    is_super_admin: user.isSuperAdmin,
    created_at: user.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
  };
}

/**
 * PUT /api/customers/{id}/user: the account's e-mail (the customer's too, the username) and its
 * super-admin flag. An administrator cannot take their own flag away (409). A customer without an
 * account gets one, and the link to set its password.
 */
export async function saveCustomerUser(
  ctx: Ctx,
  customerId: number,
  input: CustomerUserInput,
): Promise<CustomerUser> {
  const passwordHash = await hashPassword(randomToken());
  const created = await withUniqueEmail(() =>
    inTransaction(ctx, async (tx) => {
      const customer = await lockCustomerRow(tx.db, customerId);
      if (!customer) throw new NotFoundError(messages.customerNotFound);
      const user = await q.findUserOfCustomer(tx.db, customerId);
      if (user && user.id === ctx.actor?.userId && user.isSuperAdmin && !input.is_super_admin) {
        throw new ConflictError(messages.ownSuperAdminFlag);
      }
      if (input.email !== customer.email || (user && input.email !== user.email)) {
        if (await q.emailTaken(tx.db, input.email, customerId)) {
          throw ValidationError.field('email', messages.emailTaken);
        }
        await q.updateCustomerEmail(tx.db, customerId, input.email);
      }
      if (user) {
        await q.setSuperAdmin(tx.db, user.id, input.is_super_admin);
        return false;
      }
      await q.insertUser(tx.db, {
        email: input.email,
        passwordHash,
        customerId,
        isSuperAdmin: input.is_super_admin,
        createdAt: tx.now(),
      });
      return true;
    }),
  );
  if (created) await mailPasswordLink(ctx, input.email);
  else await forgetCustomerSessions(ctx, customerId);
  return getCustomerUser(ctx, customerId);
}

/** POST /api/customers/{id}/user/reset-password: mails the account the password reset link. */
export async function sendPasswordReset(ctx: Ctx, customerId: number): Promise<{ message: string }> {
  await getCustomer(ctx, customerId);
  const user = await q.findUserOfCustomer(ctx.db, customerId);
  if (!user) throw new NotFoundError();
  await forgotPassword(ctx, user.email);
  return { message: messages.resetLinkSent };
}
