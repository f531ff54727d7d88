import {
  type Brand,
  type BrandInputSchema,
  type Category,
  type CategoryInputSchema,
  messages,
  type Subcategory,
  type SubcategoryInputSchema,
} from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import * as q from './catalog.queries';
import { getBrand, getCategory, getSubcategory } from './catalog.service';
import * as w from './catalog-admin.queries';

/**
 * The back office's categories, subcategories and brands (SPEC §2, §3, §7): create and edit, each in
 * one transaction. A code already used answers 422 'already exist' on `code` (SPEC §5), also when two
 * writes race (the unique index decides).
 */

type Writer = Pick<Ctx, 'db'>;
type CategoryInput = z.output<typeof CategoryInputSchema>;
type SubcategoryInput = z.output<typeof SubcategoryInputSchema>;
type BrandInput = z.output<typeof BrandInputSchema>;

const codeExists = () => ValidationError.field('code', messages.alreadyExist);

/** Runs a write whose unique code may be taken meanwhile: the index's refusal is 'already exist'. */
export async function writeWithCode<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeExists();
    throw error;
  }
}

async function refuseTakenCode(
  ctx: Writer,
  table: Parameters<typeof w.codeTaken>[1],
  code: string,
  id?: number,
) {
  if (await w.codeTaken(ctx.db, table, code, id)) throw codeExists();
}

const categoryValues = (input: CategoryInput) => ({
  code: input.code,
  description: input.description,
  inHomepage: input.in_homepage ?? false,
});

export async function createCategory(ctx: Writer, input: CategoryInput): Promise<Category> {
  const id = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseTakenCode(tx, 'categories', input.code);
      return w.insertCategory(tx.db, categoryValues(input));
    }),
  );
  return getCategory(ctx, id);
}

export async function updateCategory(ctx: Writer, id: number, input: CategoryInput): Promise<Category> {
  await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseTakenCode(tx, 'categories', input.code, id);
      if (!(await w.updateCategory(tx.db, id, categoryValues(input)))) throw new NotFoundError();
    }),
  );
  return getCategory(ctx, id);
}

async function subcategoryValues(ctx: Writer, input: SubcategoryInput) {
  if (!(await q.findCategory(ctx.db, input.category_id))) {
    throw ValidationError.field('category_id', messages.invalidValue);
  }
  return { ...categoryValues(input), categoryId: input.category_id };
}

/** POST /api/product-subcategories and POST /api/product-category/{id}/subcategories. */
export async function createSubcategory(ctx: Writer, input: SubcategoryInput): Promise<Subcategory> {
  const id = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      const values = await subcategoryValues(tx, input);
      await refuseTakenCode(tx, 'subcategories', input.code);
      return w.insertSubcategory(tx.db, values);
    }),
  );
  return getSubcategory(ctx, id);
}

/** POST /api/product-category/{id}/subcategories: an unknown category is 404. */
export async function createCategorySubcategory(
  ctx: Writer,
  categoryId: number,
  input: Omit<SubcategoryInput, 'category_id'>,
): Promise<Subcategory> {
  if (!(await q.findCategory(ctx.db, categoryId))) throw new NotFoundError();
  return createSubcategory(ctx, { ...input, category_id: categoryId });
}

export async function updateSubcategory(
  ctx: Writer,
  id: number,
  input: SubcategoryInput,
): Promise<Subcategory> {
  await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      if (!(await q.findSubcategory(tx.db, id))) throw new NotFoundError();
      const values = await subcategoryValues(tx, input);
      await refuseTakenCode(tx, 'subcategories', input.code, id);
      await w.updateSubcategory(tx.db, id, values);
    }),
  );
  return getSubcategory(ctx, id);
}

const brandValues = (input: BrandInput) => ({
  code: input.code,
  description: input.description,
  inHomepage: input.in_homepage ?? false,
  logo: input.logo,
  logoUrl: input.logo_url,
});

export async function createBrand(ctx: Writer, input: BrandInput): Promise<Brand> {
  const id = await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseTakenCode(tx, 'brands', input.code);
      return w.insertBrand(tx.db, brandValues(input));
    }),
  );
  return getBrand(ctx, id);
}

export async function updateBrand(ctx: Writer, id: number, input: BrandInput): Promise<Brand> {
  await writeWithCode(() =>
    inTransaction(ctx, async (tx) => {
      await refuseTakenCode(tx, 'brands', input.code, id);
      if (!(await w.updateBrand(tx.db, id, brandValues(input)))) throw new NotFoundError();
    }),
  );
  return getBrand(ctx, id);
}
