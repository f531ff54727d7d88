import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons, customers } from '../../db/schema';

export async function customerExists(db: Db, customerId: number) {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId));
  return row !== undefined;
}

/** The coupons issued to this customer (shop-wide coupons have no customer). */
export function listCustomerCoupons(db: Db, customerId: number) {
  return db.select().from(coupons).where(eq(coupons.customerId, customerId)).orderBy(asc(coupons.code));
}
