import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, categories, subcategories } from '../../db/schema';

export const listCategories = (db: Db, where?: SQL) =>
  db.select().from(categories).where(where).orderBy(asc(categories.id));

export const findCategory = (db: Db, id: number) =>
  db.query.categories.findFirst({ where: eq(categories.id, id) });

const subcategoryColumns = {
  id: subcategories.id,
  code: subcategories.code,
  description: subcategories.description,
  inHomepage: subcategories.inHomepage,
  categoryId: subcategories.categoryId,
  category: categories.code,
};

export function listSubcategories(db: Db, filter: { categoryId?: number; inHomepage?: boolean } = {}) {
  return db
    .select(subcategoryColumns)
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(
      and(
        filter.categoryId === undefined ? undefined : eq(subcategories.categoryId, filter.categoryId),
        filter.inHomepage === undefined ? undefined : eq(subcategories.inHomepage, filter.inHomepage),
      ),
    )
    .orderBy(asc(subcategories.id));
}

export async function findSubcategory(db: Db, id: number) {
  const [row] = await db
    .select(subcategoryColumns)
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(subcategories.id, id));
  return row;
}

export const listBrands = (db: Db, inHomepage?: boolean) =>
  db
    .select()
    .from(brands)
    .where(inHomepage === undefined ? undefined : eq(brands.inHomepage, inHomepage))
    .orderBy(asc(brands.description), asc(brands.id));

export const findBrand = (db: Db, id: number) => db.query.brands.findFirst({ where: eq(brands.id, id) });

export const categoriesInHomepage = eq(categories.inHomepage, true);
