import { and, asc, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerGroups, paymentTerms, shippingMethods, vats, warehouses } from '../../db/schema';

/** The back office's customer groups, warehouses and shipping methods (SPEC §3): one statement each. */

const coded = { customerGroups, warehouses, shippingMethods } as const;
export type CodedTable = keyof typeof coded;

export type CustomerGroupValues = Pick<
  typeof customerGroups.$inferInsert,
  'code' | 'description' | 'externalGroupId' | 'paymentMethods' | 'paymentTermsId'
>;
export type WarehouseValues = Pick<typeof warehouses.$inferInsert, 'code' | 'description' | 'managementType'>;
export type ShippingMethodValues = Pick<
  typeof shippingMethods.$inferInsert,
  'slug' | 'code' | 'description' | 'price' | 'freeShipping' | 'vatId'
>;

export type ListQuery = {
  text: string | undefined;
  sort: 'code' | 'description';
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/**
 * Where and order of a coded list: `text` anywhere in code or description, literally (LIKE's `%`, `_`
 * and backslash escaped); sorted by code or description, then id.
 */
function listPlan(t: typeof customerGroups | typeof warehouses, query: ListQuery) {
  const pattern = query.text && `%${query.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const order = query.dir === 'asc' ? asc : desc;
  return {
    where: pattern ? or(ilike(t.code, pattern), ilike(t.description, pattern)) : undefined,
    orderBy: [order(t[query.sort]), order(t.id)],
  };
}

/** A page of customer groups, with the count of all matches. */
export async function listCustomerGroups(db: Db, query: ListQuery) {
  const { where, orderBy } = listPlan(customerGroups, query);
  const rows = await db
    .select()
    .from(customerGroups)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(customerGroups).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** A page of warehouses, with the count of all matches. */
export async function listWarehouses(db: Db, query: ListQuery) {
  const { where, orderBy } = listPlan(warehouses, query);
  const rows = await db
    .select()
    .from(warehouses)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset(query.offset);
  const [total] = await db.select({ n: count() }).from(warehouses).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function paymentTermsExist(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: paymentTerms.id }).from(paymentTerms).where(eq(paymentTerms.id, id));
  return row !== undefined;
}

export const findCustomerGroup = (db: Db, id: number) =>
  db.query.customerGroups.findFirst({ where: eq(customerGroups.id, id) });
export const insertCustomerGroup = async (db: Db, values: CustomerGroupValues) =>
  (await db.insert(customerGroups).values(values).returning())[0]!;
export const updateCustomerGroup = async (db: Db, id: number, values: CustomerGroupValues) =>
  (await db.update(customerGroups).set(values).where(eq(customerGroups.id, id)).returning())[0];

export const findWarehouse = (db: Db, id: number) =>
  db.query.warehouses.findFirst({ where: eq(warehouses.id, id) });
export const insertWarehouse = async (db: Db, values: WarehouseValues) =>
  (await db.insert(warehouses).values(values).returning())[0]!;
export const updateWarehouse = async (db: Db, id: number, values: WarehouseValues) =>
  (await db.update(warehouses).set(values).where(eq(warehouses.id, id)).returning())[0];

export const insertShippingMethod = async (db: Db, values: ShippingMethodValues) =>
  (await db.insert(shippingMethods).values(values).returning({ id: shippingMethods.id }))[0]!.id;
export const updateShippingMethod = (db: Db, id: number, values: ShippingMethodValues) =>
  db.update(shippingMethods).set(values).where(eq(shippingMethods.id, id));
export async function shippingMethodExists(db: Db, id: number) {
  const [row] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(eq(shippingMethods.id, id))
    .limit(1);
  return row !== undefined;
}

/** Whether another row than `exceptId` has this code. */
export async function codeTaken(db: Db, table: CodedTable, code: string, exceptId?: number) {
  const t = coded[table];
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.code, code), exceptId === undefined ? undefined : ne(t.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

/** Whether another shipping method than `exceptId` has this slug. */
export async function slugTaken(db: Db, slug: ShippingMethodValues['slug'], exceptId?: number) {
  const [row] = await db
    .select({ id: shippingMethods.id })
    .from(shippingMethods)
    .where(
      and(
        eq(shippingMethods.slug, slug),
        exceptId === undefined ? undefined : ne(shippingMethods.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function vatExists(db: Db, id: number) {
  const [row] = await db.select({ id: vats.id }).from(vats).where(eq(vats.id, id)).limit(1);
  return row !== undefined;
}
