import { type AdminProduct, messages, type ProductInputSchema, type ProductUpdateSchema } from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { uploadUrl } from '../products/product-cards.service';
import * as q from './admin-products.queries';

/**
 * The back office's products (SPEC §2 products/{sku} info tab, §3 Product, §5, §7): read, create and
 * edit every field, each write in one transaction. A SKU already used answers 422 'already exist' on
 * `sku`; a reference that does not exist 'Invalid value' on its field.
 */

type Writer = Pick<Ctx, 'db'>;
type ProductInput = z.output<typeof ProductInputSchema>;
type ProductUpdate = z.output<typeof ProductUpdateSchema>;

export function toAdminProduct(row: q.AdminProductRow): AdminProduct {
  const { cover_path, ...rest } = row;
  return { ...rest, cover_url: uploadUrl(cover_path) } as AdminProduct;
}

const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The input's fields (those sent) as column values. */
export function productValues(input: Record<string, unknown>): q.ProductValues {
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) values[camel(key)] = value;
  }
  return values as q.ProductValues;
}

export async function getAdminProduct(
  ctx: Writer,
  by: { id: number } | { sku: string },
): Promise<AdminProduct> {
  const row = await q.findAdminProduct(ctx.db, by);
  if (!row) throw new NotFoundError();
  return toAdminProduct(row);
}

export const skuExists = () => ValidationError.field('sku', messages.alreadyExist);

/** Runs a write whose SKU may be taken meanwhile: the unique index's refusal is 'already exist'. */
export async function guardSku<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw skuExists();
    throw error;
  }
}

type References = {
  brandId: number | null | undefined;
  categoryId: number | null | undefined;
  subcategoryId: number | null | undefined;
  vatId: number;
  uomId: number | null | undefined;
};

/**
 * Checks the product's references as they will be written; a subcategory without a category brings
 * its own. Returns the category to write.
 */
export async function checkReferences(ctx: Writer, next: References): Promise<number | null> {
  const found = await q.checkReferences(ctx.db, {
    brandId: next.brandId ?? null,
    categoryId: next.categoryId ?? null,
    subcategoryId: next.subcategoryId ?? null,
    vatId: next.vatId,
    uomId: next.uomId ?? null,
  });
  const errors: Record<string, string[]> = {};
  const invalid = (field: string) => {
    errors[field] = [messages.invalidValue];
  };
  if (next.brandId != null && !found.brand) invalid('brand_id');
  if (next.categoryId != null && !found.category) invalid('category_id');
  if (!found.vat) invalid('vat_id');
  if (next.uomId != null && !found.uom) invalid('uom_id');
  let categoryId = next.categoryId ?? null;
  if (next.subcategoryId != null) {
    const own = found.subcategory_category_id;
    if (own === null || (categoryId !== null && own !== categoryId)) invalid('subcategory_id');
    categoryId ??= own;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return categoryId;
}

/** POST /api/products. */
export async function createProduct(ctx: Writer, input: ProductInput): Promise<AdminProduct> {
  const id = await guardSku(() =>
    inTransaction(ctx, async (tx) => {
      if (await q.skuTaken(tx.db, input.sku)) throw skuExists();
      const categoryId = await checkReferences(tx, {
        brandId: input.brand_id,
        categoryId: input.category_id,
        subcategoryId: input.subcategory_id,
        vatId: input.vat_id,
        uomId: input.uom_id,
      });
      return q.insertProduct(tx.db, { ...productValues(input), categoryId } as q.NewProduct);
    }),
  );
  return getAdminProduct(ctx, { id });
}

/** PUT /api/products/{id}: the fields sent change; a product's variants follow its category. */
export async function updateProduct(ctx: Writer, id: number, input: ProductUpdate): Promise<AdminProduct> {
  await guardSku(() =>
    inTransaction(ctx, async (tx) => {
      const current = await q.findProductRow(tx.db, id);
      if (!current) throw new NotFoundError();
      if (input.sku !== undefined && (await q.skuTaken(tx.db, input.sku, id))) throw skuExists();
      const pick = <T>(value: T | undefined, existing: T) => (value === undefined ? existing : value);
      const categoryId = await checkReferences(tx, {
        brandId: pick(input.brand_id, current.brandId),
        categoryId: pick(input.category_id, current.categoryId),
        subcategoryId: pick(input.subcategory_id, current.subcategoryId),
        vatId: pick(input.vat_id, current.vatId),
        uomId: pick(input.uom_id, current.uomId),
      });
      const max = pick(input.max_quantity, current.maxQuantity);
      if (max != null && max < pick(input.min_quantity, current.minQuantity)) {
        throw ValidationError.field('max_quantity', messages.invalidValue);
      }
      const values = { ...productValues(input), categoryId };
      await q.updateProduct(tx.db, id, values);
      if (current.parentId === null) {
        await q.alignVariants(tx.db, id, {
          categoryId,
          subcategoryId: pick(input.subcategory_id, current.subcategoryId),
        });
      }
    }),
  );
  return getAdminProduct(ctx, { id });
}
