import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, orders } from '../../db/schema';

export type CustomerRecord = typeof customers.$inferSelect;

/** The customer's row, locked until the transaction ends: a profile change and an order cannot cross. */
export async function lockCustomerRow(db: Db, customerId: number): Promise<CustomerRecord | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).for('update');
  return row;
}

/** Whether the customer has placed any order, in any status. */
export async function customerHasOrders(db: Db, customerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .limit(1);
  return row !== undefined;
}

export async function updateCustomerRow(
  db: Db,
  customerId: number,
  values: Partial<Omit<typeof customers.$inferInsert, 'id' | 'email' | 'createdAt'>>,
): Promise<void> {
  await db.update(customers).set(values).where(eq(customers.id, customerId));
}
