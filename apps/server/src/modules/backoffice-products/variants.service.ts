import { type AdminProduct, messages, type VariantInputSchema, type VariantUpdateSchema } from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import * as q from './admin-products.queries';
import {
  checkReferences,
  getAdminProduct,
  guardSku,
  productValues,
  skuExists,
  toAdminProduct,
} from './admin-products.service';

/**
 * SPEC §3 variants (the product fields plus product_id, attributes and a default flag; value 1 to 4):
 * rows of `products` whose parent is the product. A new variant starts from its product's fields;
 * the first one, or one marked is_default, becomes the default.
 */

type Writer = Pick<Ctx, 'db'>;

/** The product (not a variant) with this id, or 404. */
async function requireProduct(ctx: Writer, id: number) {
  const product = await q.findProductRow(ctx.db, id);
  if (!product || product.parentId !== null) throw new NotFoundError();
  return product;
}

export async function listVariants(ctx: Writer, productId: number): Promise<AdminProduct[]> {
  await requireProduct(ctx, productId);
  return (await q.listAdminVariants(ctx.db, productId)).map(toAdminProduct);
}

/** Fields a variant never copies from its product: its identity and its own codes. */
const OWN_FIELDS = [
  'id',
  'parentId',
  'sku',
  'code',
  'erpCode',
  'ean13',
  'isbn',
  'upc',
  'hasVariants',
  'isDefaultVariant',
  'variantValue',
  'availableQty',
  'searchVector',
  'searchCodes',
  'createdAt',
  'updatedAt',
] as const;

/** POST /api/products/{id}/variants. */
export async function createVariant(
  ctx: Writer,
  productId: number,
  input: z.output<typeof VariantInputSchema>,
): Promise<AdminProduct> {
  const id = await guardSku(() =>
    inTransaction(ctx, async (tx) => {
      const product = await requireProduct(tx, productId);
      if (await q.skuTaken(tx.db, input.sku)) throw skuExists();
      const { is_default, category_id, subcategory_id, ...fields } = input;
      if (category_id !== undefined || subcategory_id !== undefined) {
        throw ValidationError.field(
          category_id !== undefined ? 'category_id' : 'subcategory_id',
          messages.invalidValue,
        );
      }
      const inherited: Record<string, unknown> = { ...product };
      for (const key of OWN_FIELDS) delete inherited[key];
      const values = { ...inherited, ...productValues(fields), parentId: productId } as q.NewProduct;
      await checkReferences(tx, {
        brandId: values.brandId ?? null,
        categoryId: product.categoryId,
        subcategoryId: product.subcategoryId,
        vatId: values.vatId,
        uomId: values.uomId ?? null,
      });
      const variantId = await q.insertProduct(tx.db, values);
      const hadDefault = (await q.listAdminVariants(tx.db, productId)).some((v) => v.is_default_variant);
      if (is_default || !hadDefault) await q.setDefaultVariant(tx.db, productId, variantId);
      if (!product.hasVariants) await q.updateProduct(tx.db, productId, { hasVariants: true });
      return variantId;
    }),
  );
  return getAdminProduct(ctx, { id });
}

/** PUT /api/variants/{id}: its own fields; category and subcategory stay its product's. */
export async function updateVariant(
  ctx: Writer,
  id: number,
  input: z.output<typeof VariantUpdateSchema>,
): Promise<AdminProduct> {
  await guardSku(() =>
    inTransaction(ctx, async (tx) => {
      const variant = await q.findProductRow(tx.db, id);
      if (!variant || variant.parentId === null) throw new NotFoundError();
      if (input.sku !== undefined && (await q.skuTaken(tx.db, input.sku, id))) throw skuExists();
      const { category_id, subcategory_id, ...fields } = input;
      if (category_id !== undefined || subcategory_id !== undefined) {
        throw ValidationError.field(
          category_id !== undefined ? 'category_id' : 'subcategory_id',
          messages.invalidValue,
        );
      }
      await checkReferences(tx, {
        brandId: fields.brand_id === undefined ? variant.brandId : fields.brand_id,
        categoryId: variant.categoryId,
        subcategoryId: variant.subcategoryId,
        vatId: fields.vat_id ?? variant.vatId,
        uomId: fields.uom_id === undefined ? variant.uomId : fields.uom_id,
      });
      const max = fields.max_quantity === undefined ? variant.maxQuantity : fields.max_quantity;
      if (max != null && max < (fields.min_quantity ?? variant.minQuantity)) {
        throw ValidationError.field('max_quantity', messages.invalidValue);
      }
      await q.updateProduct(tx.db, id, productValues(fields));
    }),
  );
  return getAdminProduct(ctx, { id });
}

/** PATCH /api/products/{id}/set-default-variant: a variant of another product is 'Invalid value'. */
export async function setDefaultVariant(
  ctx: Writer,
  productId: number,
  variantId: number,
): Promise<AdminProduct> {
  await inTransaction(ctx, async (tx) => {
    await requireProduct(tx, productId);
    const variant = await q.findProductRow(tx.db, variantId);
    if (!variant || variant.parentId !== productId) {
      throw ValidationError.field('variant_id', messages.invalidValue);
    }
    await q.setDefaultVariant(tx.db, productId, variantId);
  });
  return getAdminProduct(ctx, { id: productId });
}
