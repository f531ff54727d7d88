import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';

/** Orders still waiting for their payment that were placed before `placedBefore`, oldest first. */
export async function listUnpaidOrderIds(db: Db, placedBefore: Date): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending'), lt(orders.date, placedBefore)))
    .orderBy(asc(orders.date), asc(orders.id));
  return rows.map((r) => r.id);
}
