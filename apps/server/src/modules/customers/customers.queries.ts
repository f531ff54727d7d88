import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customerGroups, customers } from '../../db/schema';

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

/** The customer's payment methods and his group's (issue 20 point 1); undefined: no such customer. */
export async function findPaymentMethods(db: Db, customerId: number) {
  const [row] = await db
    .select({ customer: customers.paymentMethods, group: customerGroups.paymentMethods })
    .from(customers)
    .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
    .where(eq(customers.id, customerId));
  return row;
}

/** Which of these customer groups exist. */
export async function existingGroupIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(inArray(customerGroups.id, ids));
  return rows.map((r) => r.id);
}

/** Which of these customers exist. */
export async function existingCustomerIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids));
  return rows.map((r) => r.id);
}
