import type { AttributeTagType } from '@shop/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { basisPoints, cents, id, timestamps, tsvector } from './columns';

export const vats = pgTable('vats', {
  id: id(),
  rate: basisPoints().notNull(),
  description: text().notNull(),
  /** FatturaPA's Natura of a 0% rate (N1…N7, e.g. N3.1 for exports under art. 8): why no VAT is due. */
  nature: text(),
  ...timestamps,
});

export const currencies = pgTable('currencies', {
  id: id(),
  code: text().notNull().unique(),
  symbol: text().notNull(),
  description: text().notNull(),
  ...timestamps,
});

export const categories = pgTable('categories', {
  id: id(),
  code: text().notNull().unique(),
  description: text().notNull(),
  inHomepage: boolean().notNull().default(false),
  ...timestamps,
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    code: text().notNull().unique(),
    description: text().notNull(),
    inHomepage: boolean().notNull().default(false),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    ...timestamps,
  },
  (t) => [index().on(t.categoryId)],
);

export const brands = pgTable('brands', {
  id: id(),
  code: text().notNull().unique(),
  description: text().notNull(),
  inHomepage: boolean().notNull().default(false),
  logo: text(),
  logoUrl: text(),
  ...timestamps,
});

/** SPEC §3 measurement unit; the ratio is stored in thousandths (1.5 = 1500). */
export const uoms = pgTable('uoms', {
  id: id(),
  code: text().notNull().unique(),
  description: text().notNull(),
  conversionRatio: integer().notNull().default(1000),
  ...timestamps,
});

/** SPEC §3 Attribute tag: belongs to a category or a subcategory. */
export const attributeTags = pgTable(
  'attribute_tags',
  {
    id: id(),
    tag: text().notNull(),
    code: text().notNull(),
    description: text().notNull(),
    type: text().$type<AttributeTagType>().notNull(),
    iconUrl: text(),
    options: jsonb().$type<string[]>().notNull().default([]),
    fullTextSearch: boolean().notNull().default(false),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    subcategoryId: integer().references(() => subcategories.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  // A code is unique within its category or subcategory (SPEC §5 'already exist'); NULLs never collide.
  (t) => [uniqueIndex().on(t.categoryId, t.code), uniqueIndex().on(t.subcategoryId, t.code)],
);

/** Partial-index predicate of the storefront lists: top-level products (variants are listed inside them). */
const listed = sql`parent_id is null`;

/**
 * SPEC §3 Product and Variant in one table: a variant is a row whose parentId is its product, so
 * stock, prices, attributes and order rows treat both alike.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    parentId: integer().references((): AnyPgColumn => products.id, { onDelete: 'cascade' }),
    isDefaultVariant: boolean().notNull().default(false),
    sku: text().notNull().unique(),
    code: text(),
    supplierCode: text(),
    erpCode: text(),
    brandId: integer().references(() => brands.id),
    categoryId: integer().references(() => categories.id),
    subcategoryId: integer().references(() => subcategories.id),
    label: text(),
    genre: text(),
    area: text(),
    support: text(),
    author: text(),
    distribution: text(),
    catalogueNo: text(),
    description: text().notNull(),
    extendedDescription: text(),
    ean13: text(),
    isbn: text(),
    upc: text(),
    lowStockThreshold: integer().notNull().default(0),
    price: cents().notNull(),
    shippingPrice: cents(),
    width: integer(),
    height: integer(),
    weight: integer(),
    depth: integer(),
    available: boolean().notNull().default(true),
    availableForOrders: boolean().notNull().default(true),
    outOfStock: boolean().notNull().default(false),
    availableFrom: date({ mode: 'string' }),
    releaseDate: date({ mode: 'string' }),
    availableForPreorders: boolean().notNull().default(false),
    availableOnRequest: boolean().notNull().default(false),
    hasVariants: boolean().notNull().default(false),
    variantValue: integer(),
    minQuantity: integer().notNull().default(1),
    maxQuantity: integer(),
    uomId: integer().references(() => uoms.id),
    vatId: integer()
      .notNull()
      .references(() => vats.id),
    discontinued: boolean().notNull().default(false),
    featured: boolean().notNull().default(false),
    comingSoon: boolean().notNull().default(false),
    isEssential: boolean().notNull().default(false),
    /**
     * Units available now, summed over warehouses (on hand − ordered); for a product with variants, the
     * sum of its variants. Denormalized for the storefront's filters and sorts, and kept in sync by the
     * `stocks` triggers of migration 0002 (every stock write updates it, whichever module writes).
     */
    availableQty: integer().notNull().default(0),
    /**
     * DESIGN §4 full-text search: title, author, label and the codes (SKU, EAN13, ISBN, UPC, catalogue
     * number). Codes are split on - / . (the parser would read "MU-000123" as 'mu' and '-000123') and
     * also indexed compacted ("MU000123", "SOL0136"), so "MU-000123", "MU000123" and "SOL 0136" all match.
     */
    searchVector: tsvector().generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple',
        coalesce(${products.description}, '') || ' ' || coalesce(${products.author}, '') || ' ' ||
        coalesce(${products.label}, '') || ' ' ||
        translate(coalesce(${products.sku}, '') || ' ' || coalesce(${products.ean13}, '') || ' ' ||
          coalesce(${products.isbn}, '') || ' ' || coalesce(${products.upc}, '') || ' ' ||
          coalesce(${products.catalogueNo}, ''), '-/.', '   ') || ' ' ||
        regexp_replace(coalesce(${products.sku}, ''), '[^[:alnum:]]', '', 'g') || ' ' ||
        regexp_replace(coalesce(${products.catalogueNo}, ''), '[^[:alnum:]]', '', 'g'))`,
    ),
    /**
     * The product's codes compacted and upper-cased (SKU, EAN13, ISBN, UPC, catalogue number), for exact
     * and one-typo (Levenshtein ≤ 1) code search through a GIN index (docs/decisions.md).
     */
    searchCodes: text()
      .array()
      .generatedAlwaysAs(
        (): SQL => sql`array_remove(array[
          upper(regexp_replace(${products.sku}, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(${products.ean13}, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(${products.isbn}, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(${products.upc}, '[^[:alnum:]]', '', 'g')),
          upper(regexp_replace(${products.catalogueNo}, '[^[:alnum:]]', '', 'g'))]::text[], null)`,
      ),
    ...timestamps,
  },
  (t) => [
    index().on(t.parentId),
    index().on(t.subcategoryId),
    index().on(t.brandId),
    index().on(t.ean13),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_codes_idx').using('gin', t.searchCodes),
    // Storefront lists (top-level products only): one index per filter + sort that a list opens with,
    // each ending in id, the stable tiebreak, so ORDER BY … LIMIT 24 walks the index and stops early.
    index('products_list_release_idx').on(t.releaseDate, t.id).where(listed),
    index('products_list_category_release_idx').on(t.categoryId, t.releaseDate, t.id).where(listed),
    index('products_list_subcategory_release_idx').on(t.subcategoryId, t.releaseDate, t.id).where(listed),
    index('products_list_category_author_idx').on(t.categoryId, t.author, t.id).where(listed),
    index('products_list_category_title_idx').on(t.categoryId, t.description, t.id).where(listed),
    index('products_list_category_support_idx').on(t.categoryId, t.support, t.id).where(listed),
    index('products_list_category_distribution_idx').on(t.categoryId, t.distribution, t.id).where(listed),
    index('products_list_label_release_idx').on(t.label, t.releaseDate, t.id).where(listed),
    index('products_list_author_idx').on(t.author, t.id).where(listed),
    index('products_list_title_idx').on(t.description, t.id).where(listed),
    index('products_list_support_idx').on(t.support, t.id).where(listed),
    index('products_list_distribution_idx').on(t.distribution, t.id).where(listed),
    // The dashboard's products running out (available above zero and at most a few units).
    index('products_available_qty_idx').on(t.availableQty).where(listed),
    index('products_list_essential_idx')
      .on(t.releaseDate, t.id)
      .where(sql`parent_id is null and is_essential`),
  ],
);

/** Product and variant attributes by tag code (AUTORE, ETICHETTA, CATALOGO, TRACKLIST…). */
export const productAttributes = pgTable(
  'product_attributes',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.productId, t.code)],
);

export const images = pgTable(
  'images',
  {
    id: id(),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    path: text().notNull(),
    thumbPath: text(),
    mimeType: text().notNull(),
    width: integer(),
    height: integer(),
    position: integer().notNull().default(0),
    isCover: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index().on(t.productId, t.position)],
);
