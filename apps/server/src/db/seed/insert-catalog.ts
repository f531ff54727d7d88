import type { Db } from '../client';
import { images, productAttributes, products } from '../schema';
import type { ProductSeed } from './catalog';
import { COVER_SIZE, coverPath } from './covers';
import { bulkInsert, chunks, PRODUCT_CHUNK, ROW_CHUNK } from './insert';
import type { Refs } from './insert-reference';
import { productAttributes as attributesOf, noteText } from './product-attributes';

/** Writes the catalogue: products rows (variants after their parents), product attributes, cover images. */

type ProductInsert = typeof products.$inferInsert;

/** The products row of a seed, with the ids of its references. */
export function productRow(seed: ProductSeed, refs: Refs, parentId: number | null): ProductInsert {
  const isVariant = seed.parent !== null;
  return {
    parentId,
    isDefaultVariant: seed.isDefaultVariant,
    sku: seed.sku,
    code: seed.sku.replace('-', ''),
    supplierCode: seed.catalogueNo,
    erpCode: `A${String(seed.index + 1).padStart(7, '0')}${isVariant ? seed.size : ''}`,
    brandId: refs.brandIdByCode.get(seed.brand.code)!,
    categoryId: refs.categoryIdByCode.get(seed.category)!,
    subcategoryId: refs.subcategoryIdByCode.get(seed.subcategory)!,
    label: seed.brand.name,
    genre: seed.genre,
    area: seed.area,
    support: seed.support,
    author: seed.author,
    distribution: seed.distribution,
    catalogueNo: seed.catalogueNo,
    description: seed.title,
    extendedDescription: noteText(seed, 'it'),
    ean13: seed.ean13,
    isbn: seed.isbn,
    upc: null,
    lowStockThreshold: seed.lowStockThreshold,
    availableQty: availableQuantity(seed),
    price: seed.price,
    shippingPrice: seed.shippingPrice,
    width: seed.dims?.width ?? null,
    height: seed.dims?.height ?? null,
    depth: seed.dims?.depth ?? null,
    weight: seed.dims?.weight ?? null,
    available: !seed.discontinued,
    availableForOrders: !seed.discontinued,
    outOfStock: seed.outOfStock,
    availableFrom: seed.releaseDate,
    releaseDate: seed.releaseDate,
    availableForPreorders: seed.preorder,
    availableOnRequest: seed.onRequest,
    hasVariants: seed.hasVariants,
    variantValue: seed.variantValue,
    minQuantity: 1,
    maxQuantity: seed.maxQuantity,
    uomId: refs.uomIdByCode.get('PZ')!,
    vatId: refs.vatIdByRate.get(seed.vatRate)!,
    discontinued: seed.discontinued,
    featured: isVariant ? false : seed.featured,
    comingSoon: seed.preorder,
    isEssential: isVariant ? false : seed.isEssential,
    createdAt: seed.createdAt,
    updatedAt: seed.createdAt,
  };
}

/**
 * products.available_qty as the stock triggers compute it (on hand − ordered over both warehouses; a
 * product with variants sums them), written with the row so the stock insert leaves it unchanged.
 */
export function availableQuantity(seed: ProductSeed): number {
  if (seed.hasVariants) return seed.variants.reduce((n, v) => n + availableQuantity(v), 0);
  const st = seed.stock;
  return st ? st.main + (st.ext ?? 0) - st.ordered : 0;
}

/**
 * Inserts the products, then their variants with the parent's id, a chunk at a time; sets each seed's
 * id. Rows go in in creation order, as a real catalogue grows, so recent releases sit together on disk
 * and a newest-first list reads a few pages instead of one per product.
 */
export async function insertProducts(tx: Db, catalog: ProductSeed[], refs: Refs): Promise<void> {
  const created = [...catalog].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.index - b.index,
  );
  for (const chunk of chunks(created, PRODUCT_CHUNK)) {
    const inserted = await bulkInsert<typeof products, { id: number; sku: string }>(
      tx,
      products,
      chunk.map((s) => productRow(s, refs, null)),
      { chunkSize: PRODUCT_CHUNK, returning: ['id', 'sku'] },
    );
    assignIds(chunk, inserted);
    const variants = chunk.flatMap((s) => s.variants);
    if (variants.length > 0) {
      const insertedVariants = await bulkInsert<typeof products, { id: number; sku: string }>(
        tx,
        products,
        variants.map((v) => productRow(v, refs, v.parent!.id)),
        { chunkSize: PRODUCT_CHUNK, returning: ['id', 'sku'] },
      );
      assignIds(variants, insertedVariants);
    }
  }
}

/** Inserts the attributes of every product and variant, a few thousand rows at a time; returns how many. */
export async function insertAttributes(tx: Db, catalog: ProductSeed[]): Promise<number> {
  let attributes: (typeof productAttributes.$inferInsert)[] = [];
  let attributeCount = 0;
  for (const seed of catalog) {
    for (const s of [seed, ...seed.variants]) {
      for (const a of attributesOf(s)) attributes.push({ productId: s.id, ...a });
    }
    if (attributes.length >= ROW_CHUNK) {
      attributeCount += attributes.length;
      await bulkInsert(tx, productAttributes, attributes, { chunkSize: ROW_CHUNK });
      attributes = [];
    }
  }
  await bulkInsert(tx, productAttributes, attributes, { chunkSize: ROW_CHUNK });
  attributeCount += attributes.length;
  return attributeCount;
}

/** One SVG cover image per product (the files themselves are written by covers.ts). */
export async function insertCoverImages(tx: Db, catalog: ProductSeed[]): Promise<void> {
  await bulkInsert(
    tx,
    images,
    catalog.map((s) => ({
      productId: s.id,
      path: coverPath(s.sku),
      mimeType: 'image/svg+xml',
      width: COVER_SIZE,
      height: COVER_SIZE,
      position: 0,
      isCover: true,
    })),
    { chunkSize: ROW_CHUNK },
  );
}

function assignIds(seeds: ProductSeed[], inserted: { id: number; sku: string }[]) {
  const ids = new Map(inserted.map((r) => [r.sku, r.id]));
  for (const s of seeds) s.id = ids.get(s.sku)!;
}
