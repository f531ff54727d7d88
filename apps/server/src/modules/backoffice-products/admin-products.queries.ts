import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

/** The back office's product and variant rows (SPEC §3): one product with its references' codes. */

export type ProductValues = Partial<
  Omit<typeof products.$inferInsert, 'id' | 'searchVector' | 'searchCodes'>
>;

/** Every column of the admin product, snake_case as the API speaks, over `products p`. */
const adminColumns = sql`p.id, p.parent_id, p.sku, p.code, p.supplier_code, p.erp_code,
  p.brand_id, b.code as brand, p.category_id, c.code as category, p.subcategory_id, s.code as subcategory,
  p.label, p.genre, p.area, p.support, p.author, p.distribution, p.catalogue_no, p.description,
  p.extended_description, p.ean13, p.isbn, p.upc, p.low_stock_threshold, p.price, p.shipping_price,
  p.width, p.height, p.depth, p.weight, p.available, p.available_for_orders, p.out_of_stock,
  p.available_from::text as available_from, p.release_date::text as release_date,
  p.available_for_preorders, p.available_on_request, p.has_variants, p.uom_id, p.vat_id,
  v.rate as vat_rate, p.discontinued, p.featured, p.coming_soon, p.is_essential, p.min_quantity,
  p.max_quantity, p.variant_value, p.is_default_variant,
  (select d.id from products d where d.parent_id = p.id and d.is_default_variant order by d.id limit 1)
    as default_variant_id,
  p.available_qty as available_quantity,
  coalesce(
    (select i.path from images i where i.product_id = p.id order by i.is_cover desc, i.position, i.id limit 1),
    (select i.path from images i where i.product_id = p.parent_id order by i.is_cover desc, i.position, i.id limit 1)
  ) as cover_path,
  to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

export type AdminProductRow = {
  id: number;
  parent_id: number | null;
  sku: string;
  cover_path: string | null;
  [column: string]: unknown;
};

async function selectAdmin(db: Db, where: SQL, order = sql`p.id`): Promise<AdminProductRow[]> {
  const result = await db.execute(sql`select ${adminColumns}
    from products p
    left join brands b on b.id = p.brand_id
    left join categories c on c.id = p.category_id
    left join subcategories s on s.id = p.subcategory_id
    join vats v on v.id = p.vat_id
    where ${where} order by ${order}`);
  return (result as unknown as { rows: AdminProductRow[] }).rows;
}

export const findAdminProduct = async (db: Db, by: { id: number } | { sku: string }) =>
  (await selectAdmin(db, 'id' in by ? sql`p.id = ${by.id}` : sql`p.sku = ${by.sku}`))[0];

export const listAdminVariants = (db: Db, productId: number) =>
  selectAdmin(db, sql`p.parent_id = ${productId}`, sql`p.variant_value, p.id`);

/** The full row (every column), for copying a product's fields into a new variant. */
export const findProductRow = (db: Db, id: number) =>
  db.query.products.findFirst({ where: eq(products.id, id) });

export const skuTaken = async (db: Db, sku: string, exceptId?: number) =>
  (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, sku), exceptId === undefined ? undefined : ne(products.id, exceptId)))
      .limit(1)
  ).length > 0;

export type NewProduct = ProductValues &
  Pick<typeof products.$inferInsert, 'sku' | 'description' | 'price' | 'vatId'>;

export const insertProduct = async (db: Db, values: NewProduct) =>
  (await db.insert(products).values(values).returning({ id: products.id }))[0]!.id;

export const updateProduct = async (db: Db, id: number, values: ProductValues) =>
  (await db.update(products).set(values).where(eq(products.id, id)).returning({ id: products.id }))[0];

/** Variants follow their product's category and subcategory (their attributes are its tags). */
export const alignVariants = (
  db: Db,
  productId: number,
  values: Pick<ProductValues, 'categoryId' | 'subcategoryId'>,
) => db.update(products).set(values).where(eq(products.parentId, productId));

/** Makes `variantId` the only default variant of `productId`. */
export const setDefaultVariant = (db: Db, productId: number, variantId: number) =>
  db
    .update(products)
    .set({ isDefaultVariant: sql`${products.id} = ${variantId}` })
    .where(eq(products.parentId, productId));

/**
 * Whether the referenced rows exist, in one statement: brand, category, VAT, unit of measure, and the
 * subcategory's own category (null when there is no such subcategory).
 */
export async function checkReferences(
  db: Db,
  ids: {
    brandId: number | null;
    categoryId: number | null;
    subcategoryId: number | null;
    vatId: number;
    uomId: number | null;
  },
) {
  const result = await db.execute(sql`select
    exists(select 1 from brands where id = ${ids.brandId}) as brand,
    exists(select 1 from categories where id = ${ids.categoryId}) as category,
    (select category_id from subcategories where id = ${ids.subcategoryId}) as subcategory_category_id,
    exists(select 1 from vats where id = ${ids.vatId}) as vat,
    exists(select 1 from uoms where id = ${ids.uomId}) as uom`);
  return (
    result as unknown as {
      rows: {
        brand: boolean;
        category: boolean;
        subcategory_category_id: number | null;
        vat: boolean;
        uom: boolean;
      }[];
    }
  ).rows[0]!;
}
