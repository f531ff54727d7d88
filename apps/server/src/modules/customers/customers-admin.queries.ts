import type { CustomerSort } from '@shop/domain';
import { and, asc, count, desc, eq, ilike, isNull, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { currencies, customerGroups, customers, paymentTerms, sessions, users } from '../../db/schema';
import { latestSyncState } from '../erp/erp.queries';

/** `text` matched anywhere, literally: LIKE's `%`, `_` and its escape character, PostgreSQL's default backslash, escaped. */
function containsText(text: string): SQL | undefined {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ...[
      customers.company,
      customers.firstname,
      customers.lastname,
      customers.email,
      customers.vatId,
      customers.taxNumber,
      customers.erpCode,
    ].map((column) => ilike(column, pattern)),
  );
}

/** A company by its name, a private customer by their last name. */
const byName = sql`lower(coalesce(${customers.company}, ${customers.lastname}, ''))`;

const SORT_COLUMNS: Record<CustomerSort, SQL | AnyPgColumn> = {
  name: byName,
  email: customers.email,
  company: sql`lower(${customers.company})`,
  type: customers.type,
  created: customers.createdAt,
};

export type CustomerListFilter = { text: string | undefined; sort: CustomerSort; dir: 'asc' | 'desc' };

/** A page of customers whose names, e-mail or codes contain `text` (all without it), sorted, then by id. */
export async function listCustomers(db: Db, filter: CustomerListFilter, limit: number, offset: number) {
  const where = filter.text ? containsText(filter.text) : undefined;
  const column = SORT_COLUMNS[filter.sort];
  const direction = filter.dir === 'desc' ? desc : asc;
  const rows = await db
    .select({
      customer: customers,
      groupCode: customerGroups.code,
      erpSyncState: latestSyncState('customer', customers.id),
    })
    .from(customers)
    .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
    .where(where)
    // An empty company sorts last either way.
    .orderBy(
      ...(filter.sort === 'company' ? [sql`${customers.company} is null`] : []),
      direction(column),
      direction(customers.id),
    )
    .limit(limit)
    .offset(offset);
  return rows;
}

export async function countCustomers(db: Db, text: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .where(text ? containsText(text) : undefined);
  return row?.n ?? 0;
}

/** Whether a customer other than `exceptCustomerId`, or a sign-in account of another customer or of staff, has this e-mail. */
export async function emailTaken(db: Db, email: string, exceptCustomerId?: number): Promise<boolean> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.email, email),
        exceptCustomerId === undefined ? undefined : ne(customers.id, exceptCustomerId),
      ),
    )
    .limit(1);
  if (customer) return true;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        exceptCustomerId === undefined
          ? undefined
          : or(isNull(users.customerId), ne(users.customerId, exceptCustomerId)),
      ),
    )
    .limit(1);
  return user !== undefined;
}

export async function customerGroupExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, id));
  return row !== undefined;
}

export async function paymentTermsExist(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: paymentTerms.id }).from(paymentTerms).where(eq(paymentTerms.id, id));
  return row !== undefined;
}

export async function currencyExists(db: Db, code: string): Promise<boolean> {
  const [row] = await db.select({ id: currencies.id }).from(currencies).where(eq(currencies.code, code));
  return row !== undefined;
}

/** The customer's e-mail (the username) and their sign-in account's, together. */
export async function updateCustomerEmail(db: Db, customerId: number, email: string): Promise<void> {
  await db.update(customers).set({ email }).where(eq(customers.id, customerId));
  await db.update(users).set({ email }).where(eq(users.customerId, customerId));
}

/** The customer's sign-in account, with when it last signed in (its newest session kept). */
export async function findUserOfCustomer(db: Db, customerId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      isSuperAdmin: users.isSuperAdmin,
      createdAt: users.createdAt,
      lastSignInAt: max(sessions.createdAt),
    })
    .from(users)
    .leftJoin(sessions, eq(sessions.userId, users.id))
    .where(eq(users.customerId, customerId))
    .groupBy(users.id)
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function setSuperAdmin(db: Db, userId: number, isSuperAdmin: boolean): Promise<void> {
  await db.update(users).set({ isSuperAdmin }).where(eq(users.id, userId));
}
