import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attributeTags, brands, categories, currencies, subcategories, uoms, vats } from '../../db/schema';

/** The back office's writes of the catalogue structure (SPEC §7 Catalogue): one statement each. */

export type CategoryValues = Pick<typeof categories.$inferInsert, 'code' | 'description' | 'inHomepage'>;
export type SubcategoryValues = CategoryValues & { categoryId: number };
export type BrandValues = Pick<
  typeof brands.$inferInsert,
  'code' | 'description' | 'inHomepage' | 'logo' | 'logoUrl'
>;
export type TagValues = Omit<typeof attributeTags.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export const insertCategory = async (db: Db, values: CategoryValues) =>
  (await db.insert(categories).values(values).returning({ id: categories.id }))[0]!.id;

export const updateCategory = async (db: Db, id: number, values: CategoryValues) =>
  (await db.update(categories).set(values).where(eq(categories.id, id)).returning({ id: categories.id }))[0];

export const insertSubcategory = async (db: Db, values: SubcategoryValues) =>
  (await db.insert(subcategories).values(values).returning({ id: subcategories.id }))[0]!.id;

export const updateSubcategory = async (db: Db, id: number, values: SubcategoryValues) =>
  (
    await db
      .update(subcategories)
      .set(values)
      .where(eq(subcategories.id, id))
      .returning({ id: subcategories.id })
  )[0];

export const insertBrand = async (db: Db, values: BrandValues) =>
  (await db.insert(brands).values(values).returning({ id: brands.id }))[0]!.id;

export const updateBrand = async (db: Db, id: number, values: BrandValues) =>
  (await db.update(brands).set(values).where(eq(brands.id, id)).returning({ id: brands.id }))[0];

/** Which table's code is taken by another row than `exceptId`. */
const codeTables = { categories, subcategories, brands, uoms, currencies } as const;
export async function codeTaken(
  db: Db,
  table: keyof typeof codeTables,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const t = codeTables[table];
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.code, code), exceptId === undefined ? undefined : ne(t.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export const listTags = (db: Db, owner: { categoryId: number } | { subcategoryId: number }) =>
  db
    .select()
    .from(attributeTags)
    .where(
      'categoryId' in owner
        ? eq(attributeTags.categoryId, owner.categoryId)
        : eq(attributeTags.subcategoryId, owner.subcategoryId),
    )
    .orderBy(asc(attributeTags.id));

export const listAllTags = (db: Db) => db.select().from(attributeTags).orderBy(asc(attributeTags.id));

export const findTag = (db: Db, id: number) =>
  db.query.attributeTags.findFirst({ where: eq(attributeTags.id, id) });

export async function tagCodeTaken(
  db: Db,
  values: Pick<TagValues, 'code' | 'categoryId' | 'subcategoryId'>,
  exceptId?: number,
) {
  const owner = values.categoryId
    ? eq(attributeTags.categoryId, values.categoryId)
    : eq(attributeTags.subcategoryId, values.subcategoryId!);
  const [row] = await db
    .select({ id: attributeTags.id })
    .from(attributeTags)
    .where(
      and(
        owner,
        eq(attributeTags.code, values.code),
        exceptId === undefined ? undefined : ne(attributeTags.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export const insertTag = async (db: Db, values: TagValues) =>
  (await db.insert(attributeTags).values(values).returning())[0]!;

export const updateTag = async (db: Db, id: number, values: Partial<TagValues>) =>
  (await db.update(attributeTags).set(values).where(eq(attributeTags.id, id)).returning())[0];

export const deleteTag = async (db: Db, id: number) =>
  (await db.delete(attributeTags).where(eq(attributeTags.id, id)).returning({ id: attributeTags.id }))[0];

export const listUoms = (db: Db) => db.select().from(uoms).orderBy(asc(uoms.code));
export const findUom = (db: Db, id: number) => db.query.uoms.findFirst({ where: eq(uoms.id, id) });
export const insertUom = async (db: Db, values: typeof uoms.$inferInsert) =>
  (await db.insert(uoms).values(values).returning())[0]!;
export const updateUom = async (db: Db, id: number, values: Partial<typeof uoms.$inferInsert>) =>
  (await db.update(uoms).set(values).where(eq(uoms.id, id)).returning())[0];

export const insertVat = async (db: Db, values: typeof vats.$inferInsert) =>
  (await db.insert(vats).values(values).returning())[0]!;
export const updateVat = async (db: Db, id: number, values: Partial<typeof vats.$inferInsert>) =>
  (await db.update(vats).set(values).where(eq(vats.id, id)).returning())[0];

export const insertCurrency = async (db: Db, values: typeof currencies.$inferInsert) =>
  (await db.insert(currencies).values(values).returning())[0]!;
export const updateCurrency = async (db: Db, id: number, values: Partial<typeof currencies.$inferInsert>) =>
  (await db.update(currencies).set(values).where(eq(currencies.id, id)).returning())[0];
