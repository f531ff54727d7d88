import { messages } from '@shop/domain';
import { products } from '../../../db/schema';
import { listProductIdsForExport } from '../../backoffice-products/backoffice-list.service';
import * as cell from '../cells';
import type { ImportColumn, ImportResource, ImportRow, ProductRef } from '../import-resource';
import { insertRows, updateRows } from '../imports.queries';
import * as q from './products.queries';

/** The row's table values of the given columns (present in the sheet), references as their ids. */
function columnValues(columns: ImportColumn[], row: ImportRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const column of columns) {
    if (!column.to || !(column.header in row)) continue;
    const v = row[column.header];
    values[column.to] = v !== null && typeof v === 'object' && 'id' in v ? (v as { id: number }).id : v;
  }
  return values;
}

/** Products and variants as sheets (SPEC §3 Product, Variant): one row per SKU. */

const text = (header: string, to: string, max: number, description: string): ImportColumn => ({
  header,
  description,
  cell: cell.text(max),
  to,
});
const flag = (header: string, to: string, description: string): ImportColumn => ({
  header,
  description: `${description}: 1 or 0`,
  cell: cell.flag(),
  to,
  format: cell.format.flag,
});
const measure = (header: string, to: string, description: string): ImportColumn => ({
  header,
  description,
  cell: cell.int({ positive: true }),
  to,
});

/** The fields products and variants share (everything but their own links). */
const shared: ImportColumn[] = [
  text('code', 'code', 64, 'Internal code'),
  text('supplier_code', 'supplierCode', 64, 'Supplier code'),
  text('erp_code', 'erpCode', 64, 'ERP code'),
  { header: 'brand', description: 'Brand (label) code', cell: cell.code(), ref: 'brand', to: 'brandId' },
  text('label', 'label', 200, 'Label'),
  text('genre', 'genre', 200, 'Genre'),
  text('area', 'area', 200, 'Area'),
  text('support', 'support', 100, 'Format (CD, LP, DVD…)'),
  text('author', 'author', 300, 'Author'),
  text('distribution', 'distribution', 200, 'Distribution'),
  text('catalogue_no', 'catalogueNo', 64, 'Catalogue number'),
  text('extended_description', 'extendedDescription', 20_000, 'Extended description'),
  { header: 'ean13', description: 'EAN-13 barcode', cell: cell.ean13(), to: 'ean13' },
  { header: 'isbn', description: 'ISBN (10 or 13 digits)', cell: cell.isbn(), to: 'isbn' },
  { header: 'upc', description: 'UPC barcode', cell: cell.upc(), to: 'upc' },
  {
    header: 'low_stock_threshold',
    description: 'Low stock below',
    cell: cell.int({ min: 0 }),
    to: 'lowStockThreshold',
  },
  {
    header: 'shipping_price',
    description: 'Own shipping price, euros',
    cell: cell.money({ positive: true }),
    to: 'shippingPrice',
    format: cell.format.money,
  },
  measure('width', 'width', 'Width, mm'),
  measure('height', 'height', 'Height, mm'),
  measure('depth', 'depth', 'Depth, mm'),
  measure('weight', 'weight', 'Weight, g'),
  flag('available', 'available', 'Available'),
  flag('available_for_orders', 'availableForOrders', 'Available for orders'),
  flag('out_of_stock', 'outOfStock', 'Out of stock'),
  {
    header: 'available_from',
    description: 'Available from, YYYY-MM-DD',
    cell: cell.date(),
    to: 'availableFrom',
  },
  { header: 'release_date', description: 'Release date, YYYY-MM-DD', cell: cell.date(), to: 'releaseDate' },
  flag('available_for_preorders', 'availableForPreorders', 'Available for pre-orders'),
  flag('available_on_request', 'availableOnRequest', 'Available on request'),
  { header: 'uom', description: 'Unit of measure code', cell: cell.code(), ref: 'uom', to: 'uomId' },
  flag('discontinued', 'discontinued', 'Discontinued'),
  flag('featured', 'featured', 'Featured'),
  flag('coming_soon', 'comingSoon', 'Coming soon'),
  flag('is_essential', 'isEssential', 'Essential'),
  {
    header: 'min_quantity',
    description: 'Minimum order quantity',
    cell: cell.int({ positive: true, max: 100_000 }),
    to: 'minQuantity',
  },
  {
    header: 'max_quantity',
    description: 'Maximum order quantity',
    cell: cell.int({ positive: true, max: 100_000 }),
    to: 'maxQuantity',
  },
];

const sku: ImportColumn = {
  header: 'sku',
  description: 'SKU, the key',
  cell: cell.sku(),
  to: 'sku',
  key: true,
};
const price = (requiredForNew: boolean): ImportColumn => ({
  header: 'price',
  description: 'List price without VAT, euros',
  cell: cell.money({ positive: true }),
  to: 'price',
  requiredForNew,
  format: cell.format.money,
});
const vat = (requiredForNew: boolean): ImportColumn => ({
  header: 'vat',
  description: 'VAT rate, percent (22)',
  cell: cell.percent(),
  ref: 'vat',
  to: 'vatId',
  requiredForNew,
});

function quantityProblems(row: ImportRow) {
  const min = row.min_quantity as number | null | undefined;
  const max = row.max_quantity as number | null | undefined;
  return max != null && min != null && max < min
    ? [{ column: 'max_quantity', message: messages.invalidValue }]
    : [];
}

export const productsResource: ImportResource = {
  name: 'products',
  table: products,
  columns: [
    sku,
    {
      header: 'description',
      description: 'Title',
      cell: cell.text(500),
      to: 'description',
      requiredForNew: true,
    },
    {
      header: 'category',
      description: 'Category code',
      cell: cell.code(),
      ref: 'category',
      to: 'categoryId',
    },
    {
      header: 'subcategory',
      description: 'Subcategory code',
      cell: cell.code(),
      ref: 'subcategory',
      to: 'subcategoryId',
    },
    price(true),
    vat(true),
    ...shared,
  ],
  check(row) {
    const sub = row.subcategory as { id: number; categoryId: number } | null | undefined;
    const category = row.category as number | null | undefined;
    const problems = quantityProblems(row);
    if (sub && category != null && sub.categoryId !== category)
      problems.push({ column: 'subcategory', message: messages.invalidValue });
    return problems;
  },
  toValues(row) {
    const values = columnValues(productsResource.columns, row);
    // A subcategory brings its category when the sheet names none.
    const sub = row.subcategory as { categoryId: number } | null | undefined;
    if (sub && row.category == null) values.categoryId = sub.categoryId;
    return values;
  },
  exportIds: (db, query, afterId, limit) =>
    listProductIdsForExport({ db }, query, afterId, limit, 'products'),
};

/** A variant names its product by SKU; a new one takes its product's title, price, VAT and brand. */
export const variantsResource: ImportResource = {
  name: 'variants',
  table: products,
  columns: [
    sku,
    {
      header: 'parent_sku',
      description: "The product's SKU",
      cell: cell.sku(),
      ref: 'product',
      to: 'parentId',
      requiredForNew: true,
    },
    {
      header: 'variant_value',
      description: 'Variant value, 1 to 4',
      cell: cell.variantValue(),
      to: 'variantValue',
      requiredForNew: true,
    },
    {
      header: 'description',
      description: "Title (default: the product's)",
      cell: cell.text(500),
      to: 'description',
    },
    price(false),
    vat(false),
    flag('is_default', 'isDefaultVariant', 'Default variant'),
    ...shared,
  ],
  check(row) {
    const problems = quantityProblems(row);
    const parent = row.parent_sku as ProductRef | null | undefined;
    if (parent && parent.parentId !== null)
      problems.push({ column: 'parent_sku', message: messages.invalidValue });
    return problems;
  },
  toValues(row, _context, isNew) {
    const values = columnValues(variantsResource.columns, row);
    const parent = row.parent_sku as ProductRef | null | undefined;
    if (isNew && parent) {
      values.description ??= parent.description;
      values.price ??= parent.price;
      values.vatId ??= parent.vatId;
      values.brandId ??= parent.brandId;
      values.categoryId = parent.categoryId;
      values.subcategoryId = parent.subcategoryId;
    }
    return values;
  },
  async write(ctx, rows) {
    await insertRows(
      ctx.db,
      products,
      rows.filter((r) => r.isNew).map((r) => r.values),
    );
    const old = rows.filter((r) => !r.isNew).map((r) => r.values);
    await updateRows(ctx.db, products, ['sku'], Object.keys(old[0] ?? {}), old);
    const parents = [
      ...new Set(rows.flatMap((r) => (r.row.parent_sku ? [(r.row.parent_sku as ProductRef).id] : []))),
    ];
    await q.markParents(ctx.db, parents);
    const defaults = rows.filter((r) => r.row.is_default === true).map((r) => r.values.sku as string);
    await q.makeDefault(ctx.db, await q.variantIdsBySku(ctx.db, defaults));
  },
  exportIds: (db, query, afterId, limit) =>
    listProductIdsForExport({ db }, query, afterId, limit, 'variants'),
};
