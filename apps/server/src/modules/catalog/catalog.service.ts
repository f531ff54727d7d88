import type { Brand, Category, Subcategory } from '@shop/domain';
import type { brands } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError } from '../../lib/errors';
import * as q from './catalog.queries';

/** The catalogue's structure for the navbar and home (SPEC §2, §3): categories, subcategories, brands. */

type Reader = Pick<Ctx, 'db'>;
type SubcategoryRow = Awaited<ReturnType<typeof q.listSubcategories>>[number];

const toSubcategory = (s: SubcategoryRow): Subcategory => ({
  id: s.id,
  code: s.code,
  description: s.description,
  in_homepage: s.inHomepage,
  category_id: s.categoryId,
  category: s.category,
});

const toBrand = (b: typeof brands.$inferSelect): Brand => ({
  id: b.id,
  code: b.code,
  description: b.description,
  in_homepage: b.inHomepage,
  logo: b.logo,
  logo_url: b.logoUrl,
});

/**
 * Categories with their subcategories, in navbar order. `homepage` keeps only the categories and
 * subcategories flagged in_homepage (the home page's tiles).
 */
export async function listCategories(ctx: Reader, options: { homepage?: boolean } = {}): Promise<Category[]> {
  const homepage = options.homepage ? true : undefined;
  const [cats, subs] = await Promise.all([
    q.listCategories(ctx.db, homepage ? q.categoriesInHomepage : undefined),
    q.listSubcategories(ctx.db, homepage ? { inHomepage: true } : {}),
  ]);
  return cats.map((c) => ({
    id: c.id,
    code: c.code,
    description: c.description,
    in_homepage: c.inHomepage,
    subcategories: subs
      .filter((s) => s.categoryId === c.id)
      .map((s) => ({ id: s.id, code: s.code, description: s.description, in_homepage: s.inHomepage })),
  }));
}

export async function getCategory(ctx: Reader, id: number): Promise<Category> {
  const category = await q.findCategory(ctx.db, id);
  if (!category) throw new NotFoundError();
  const subs = await q.listSubcategories(ctx.db, { categoryId: id });
  return {
    id: category.id,
    code: category.code,
    description: category.description,
    in_homepage: category.inHomepage,
    subcategories: subs.map((s) => ({
      id: s.id,
      code: s.code,
      description: s.description,
      in_homepage: s.inHomepage,
    })),
  };
}

export async function listSubcategories(ctx: Reader): Promise<Subcategory[]> {
  return (await q.listSubcategories(ctx.db)).map(toSubcategory);
}

export async function getSubcategory(ctx: Reader, id: number): Promise<Subcategory> {
  const row = await q.findSubcategory(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toSubcategory(row);
}

/** SPEC §7 GET /api/product-category/{id}/subcategories; an unknown category is 404. */
export async function listCategorySubcategories(ctx: Reader, categoryId: number): Promise<Subcategory[]> {
  if (!(await q.findCategory(ctx.db, categoryId))) throw new NotFoundError();
  return (await q.listSubcategories(ctx.db, { categoryId })).map(toSubcategory);
}

export async function listBrands(ctx: Reader, options: { inHomepage?: boolean } = {}): Promise<Brand[]> {
  return (await q.listBrands(ctx.db, options.inHomepage)).map(toBrand);
}

export async function getBrand(ctx: Reader, id: number): Promise<Brand> {
  const row = await q.findBrand(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toBrand(row);
}
