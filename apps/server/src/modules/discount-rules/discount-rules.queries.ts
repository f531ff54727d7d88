import { and, asc, count, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, customerGroups, discountRules } from '../../db/schema';

/** The discount rules of the back office (SPEC §3, §7): one statement each. */

export type DiscountRuleValues = Pick<
  typeof discountRules.$inferInsert,
  'customerGroupId' | 'productCategoryId' | 'rate' | 'priority' | 'blockOthers'
>;

export type DiscountRuleFilter = { customerGroupId?: number | undefined; text?: string | undefined };
export type DiscountRuleSort = {
  column: 'customer_group' | 'category' | 'rate' | 'priority' | 'id';
  dir: 'asc' | 'desc';
};

const columns = {
  id: discountRules.id,
  customerGroupId: discountRules.customerGroupId,
  productCategoryId: discountRules.productCategoryId,
  rate: discountRules.rate,
  priority: discountRules.priority,
  blockOthers: discountRules.blockOthers,
  customerGroup: { code: customerGroups.code, description: customerGroups.description },
  productCategory: { code: categories.code, description: categories.description },
};

const joined = (db: Db) =>
  db
    .select(columns)
    .from(discountRules)
    .innerJoin(customerGroups, eq(customerGroups.id, discountRules.customerGroupId))
    .innerJoin(categories, eq(categories.id, discountRules.productCategoryId));

/** `text` anywhere in the group's or the category's code or description, literally. */
function where(filter: DiscountRuleFilter): SQL | undefined {
  const pattern = filter.text ? `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    filter.customerGroupId === undefined
      ? undefined
      : eq(discountRules.customerGroupId, filter.customerGroupId),
    pattern === undefined
      ? undefined
      : or(
          ilike(customerGroups.code, pattern),
          ilike(customerGroups.description, pattern),
          ilike(categories.code, pattern),
          ilike(categories.description, pattern),
        ),
  );
}

/** One page of rules, sorted (a group's rules stay together, by category then priority), with the count. */
export async function listDiscountRules(
  db: Db,
  filter: DiscountRuleFilter,
  sort: DiscountRuleSort,
  page: { limit: number; offset: number },
) {
  const order = sort.dir === 'asc' ? asc : desc;
  const first = {
    customer_group: customerGroups.code,
    category: categories.code,
    rate: discountRules.rate,
    priority: discountRules.priority,
    id: discountRules.id,
  }[sort.column];
  const rows = await joined(db)
    .where(where(filter))
    .orderBy(
      order(first),
      asc(customerGroups.code),
      asc(categories.code),
      asc(discountRules.priority),
      asc(discountRules.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(discountRules)
    .innerJoin(customerGroups, eq(customerGroups.id, discountRules.customerGroupId))
    .innerJoin(categories, eq(categories.id, discountRules.productCategoryId))
    .where(where(filter));
  return { rows, total: total?.n ?? 0 };
}

export async function findDiscountRule(db: Db, id: number) {
  const [row] = await joined(db).where(eq(discountRules.id, id));
  return row;
}

/** The rule's row, locked until the transaction ends (an update or a delete of it). */
export async function lockDiscountRule(db: Db, id: number) {
  const [row] = await db.select().from(discountRules).where(eq(discountRules.id, id)).for('update');
  return row;
}

/**
 * Locks the customer group's row until the transaction ends, so writes of that group's rules run one
 * at a time; answers whether the group exists.
 */
export async function lockCustomerGroup(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, id))
    .for('update');
  return row !== undefined;
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  return row !== undefined;
}

/** The pair's rules but `exceptId` (the one being updated). */
export const listPairRules = (
  db: Db,
  customerGroupId: number,
  productCategoryId: number,
  exceptId?: number,
) =>
  db
    .select({ priority: discountRules.priority, blockOthers: discountRules.blockOthers })
    .from(discountRules)
    .where(
      and(
        eq(discountRules.customerGroupId, customerGroupId),
        eq(discountRules.productCategoryId, productCategoryId),
        exceptId === undefined ? undefined : ne(discountRules.id, exceptId),
      ),
    );

export const insertDiscountRule = async (db: Db, values: DiscountRuleValues) =>
  (await db.insert(discountRules).values(values).returning({ id: discountRules.id }))[0]!.id;

export const updateDiscountRule = async (db: Db, id: number, values: DiscountRuleValues) =>
  db.update(discountRules).set(values).where(eq(discountRules.id, id));

export const deleteDiscountRule = async (db: Db, id: number) =>
  db.delete(discountRules).where(eq(discountRules.id, id));
