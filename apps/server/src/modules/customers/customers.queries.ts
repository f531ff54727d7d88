import { asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customers } from '../../db/schema';

/** A customer with their address book; GET /api/user asks it on every navigation, so it is prepared once per database. */
export function findCustomerWithAddresses(db: Db, id: number) {
  let statement = customerLookups.get(db);
  if (!statement) {
    statement = prepareCustomerLookup(db);
    customerLookups.set(db, statement);
  }
  return statement.execute({ id });
}

function prepareCustomerLookup(db: Db) {
  return db.query.customers
    .findFirst({
      where: eq(customers.id, sql.placeholder('id')),
      with: { addresses: { orderBy: [asc(customerAddresses.type), asc(customerAddresses.id)] } },
    })
    .prepare('customer_with_addresses');
}
const customerLookups = new WeakMap<Db, ReturnType<typeof prepareCustomerLookup>>();

export function findCustomerByEmail(db: Db, email: string) {
  return db.query.customers.findFirst({ where: eq(customers.email, email) });
}

export async function insertCustomer(db: Db, values: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

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

/** A page of customers whose names, e-mail or codes contain `text` (all without it), by name then id. */
export async function searchCustomers(
  db: Db,
  query: { text: string | undefined; limit: number; offset: number },
) {
  const where = query.text ? containsText(query.text) : undefined;
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    // A company by its name, a private customer by their last name.
    .orderBy(sql`lower(coalesce(${customers.company}, ${customers.lastname}, ''))`, asc(customers.id))
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  return { rows, total: total?.n ?? 0 };
}
