import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, users } from '../../db/schema';

export function findUserById(db: Db, id: number) {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

export function findUserByEmail(db: Db, email: string) {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

export function customerExists(db: Db, id: number) {
  return db.query.customers.findFirst({ where: eq(customers.id, id), columns: { id: true } });
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}
