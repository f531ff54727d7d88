import type { Db } from '../db/client';

/** Runs `fn` in one database transaction with a context whose `db` is that transaction. */
export function inTransaction<C extends { db: Db }, T>(ctx: C, fn: (tx: C) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => fn({ ...ctx, db: tx }));
}
