import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customers } from '../../db/schema';

export function findCustomerWithAddresses(db: Db, id: number) {
  return db.query.customers.findFirst({
    where: eq(customers.id, id),
    with: { addresses: { orderBy: [asc(customerAddresses.type), asc(customerAddresses.id)] } },
  });
}

export function findCustomerByEmail(db: Db, email: string) {
  return db.query.customers.findFirst({ where: eq(customers.email, email) });
}

export async function insertCustomer(db: Db, values: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}
