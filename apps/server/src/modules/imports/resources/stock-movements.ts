import { messages, STOCK_MOVEMENT_OPERATIONS, type StockMovementOperation } from '@shop/domain';
import { warehouseTransactions } from '../../../db/schema';
import {
  recordImportedMovement,
  stockForMovements,
  variantsByCode,
} from '../../stock-movements/stock-movements.service';
import * as cell from '../cells';
import type { CellProblem, ImportResource, ImportRow, ProductRef } from '../import-resource';

/**
 * Stock movements as a sheet (SPEC §1 warehouse movements, §3 warehouse transaction): one load, unload,
 * transfer or counted adjustment a row, recorded in file order by the same rules as POST
 * /api/warehouse-transactions (previous and resulting stock, never below zero on hand, arriving stock
 * allocated to waiting order rows oldest first, ready units over on hand taken back). Movements have no
 * key: every row adds one.
 *
 * The preview follows the file's stock as it goes, so an unload that an earlier row of the file leaves
 * nothing for is flagged, as the run would refuse it.
 */

type Item = { id: number; sku: string };
type MovementContext = {
  /** On hand by `productId:warehouseId`, as the rows checked so far leave it. */
  onHand: Map<string, number>;
  /** Products whose on hand has been read. */
  read: Set<number>;
  withVariants: Set<number>;
  /** Variants by `productId:variant code`. */
  variants: Map<string, Item>;
};

const problem = (column: string, message: string): CellProblem[] => [{ column, message }];

/** The product or variant a row moves: the variant of `sku` named by `variant_code`, when given. */
function itemOf(row: ImportRow, context: MovementContext): Item | undefined {
  const product = row.sku as ProductRef;
  const code = row.variant_code as string | null | undefined;
  if (code === null || code === undefined) return product;
  return context.variants.get(`${product.id}:${code}`);
}

/** The on hand a movement leaves in each warehouse it touches, or the problem that refuses it. */
function after(
  row: ImportRow,
  onHandIn: (warehouseId: number) => number,
): { problems: CellProblem[]; onHand: [number, number][] } {
  const operation = row.operation as StockMovementOperation;
  const quantity = row.quantity as number;
  const from = row.warehouse as number;
  const to = (row.to_warehouse as number | null | undefined) ?? null;
  if (quantity < 0 || (quantity === 0 && operation !== 'adjustment'))
    return { problems: problem('quantity', messages.mustBePositive), onHand: [] };
  if (operation === 'transfer') {
    if (to === null) return { problems: problem('to_warehouse', messages.required), onHand: [] };
    if (to === from) return { problems: problem('to_warehouse', messages.invalidValue), onHand: [] };
  }
  if ((operation === 'unload' || operation === 'transfer') && onHandIn(from) < quantity) {
    const left = messages.stockBelowZero.replace(':quantity', String(onHandIn(from)));
    return { problems: problem('quantity', left), onHand: [] };
  }
  switch (operation) {
    case 'load':
      return { problems: [], onHand: [[from, onHandIn(from) + quantity]] };
    case 'unload':
      return { problems: [], onHand: [[from, onHandIn(from) - quantity]] };
    case 'adjustment':
      return { problems: [], onHand: [[from, quantity]] };
    case 'transfer':
      return {
        problems: [],
        onHand: [
          [from, onHandIn(from) - quantity],
          [to!, onHandIn(to!) + quantity],
        ],
      };
  }
}

export const stockMovementsResource: ImportResource<MovementContext> = {
  name: 'stock-movements',
  table: warehouseTransactions,
  columns: [
    {
      header: 'sku',
      description: 'Product or variant SKU',
      cell: cell.sku(),
      ref: 'product',
      to: 'productId',
      requiredForNew: true,
    },
    {
      header: 'variant_code',
      description: "Variant code (S, XL…) of the SKU's product; empty for the SKU itself",
      cell: cell.text(50),
      to: 'variantCode',
    },
    {
      header: 'warehouse',
      description: 'Warehouse code (the origin of a transfer)',
      cell: cell.code(),
      ref: 'warehouse',
      to: 'warehouseId',
      requiredForNew: true,
    },
    {
      header: 'operation',
      description: STOCK_MOVEMENT_OPERATIONS.join(', '),
      cell: cell.oneOf(STOCK_MOVEMENT_OPERATIONS),
      to: 'operation',
      requiredForNew: true,
    },
    {
      header: 'quantity',
      description: 'Units moved (greater than 0); for an adjustment, the units counted',
      cell: cell.int({ max: 100_000_000 }),
      to: 'quantity',
      requiredForNew: true,
    },
    {
      header: 'to_warehouse',
      description: 'Warehouse code a transfer goes to',
      cell: cell.code(),
      ref: 'warehouse',
    },
    {
      header: 'document_date',
      description: 'Document date, YYYY-MM-DD or DD/MM/YYYY',
      cell: cell.date(),
      to: 'documentDate',
      requiredForNew: true,
    },
    {
      header: 'document_number',
      description: 'Document number',
      cell: cell.text(50),
      to: 'documentNumber',
      requiredForNew: true,
    },
  ],
  load: async () => ({ onHand: new Map(), read: new Set(), withVariants: new Set(), variants: new Map() }),
  async prepare(db, rows, context) {
    const products = rows
      .map((r) => r.row.sku)
      .filter((p): p is ProductRef => typeof p === 'object' && p !== null);
    const parents = [
      ...new Set(
        rows
          .filter((r) => typeof r.row.sku === 'object' && r.row.sku !== null && r.row.variant_code != null)
          .map((r) => (r.row.sku as ProductRef).id),
      ),
    ];
    for (const [key, variant] of await variantsByCode({ db }, parents)) context.variants.set(key, variant);
    const ids = [
      ...new Set([...products.map((p) => p.id), ...[...context.variants.values()].map((v) => v.id)]),
    ];
    const unread = ids.filter((id) => !context.read.has(id));
    const stock = await stockForMovements({ db }, unread);
    for (const id of unread) context.read.add(id);
    for (const [key, onHand] of stock.onHand) context.onHand.set(key, onHand);
    for (const id of stock.withVariants) context.withVariants.add(id);
  },
  check(row, context) {
    const item = itemOf(row, context);
    if (!item) return problem('variant_code', messages.importUnknownReference);
    // Stock is kept per variant: a product with variants holds none.
    if (context.withVariants.has(item.id)) return problem('sku', messages.invalidValue);
    const onHandIn = (warehouseId: number) => context.onHand.get(`${item.id}:${warehouseId}`) ?? 0;
    const { problems, onHand } = after(row, onHandIn);
    for (const [warehouseId, units] of onHand) context.onHand.set(`${item.id}:${warehouseId}`, units);
    // The row moves the variant: the run records it under the variant's SKU.
    if (problems.length === 0) row.sku = item;
    return problems;
  },
  async write(ctx, rows) {
    for (const { row } of rows) {
      await recordImportedMovement(ctx, {
        operation: row.operation as StockMovementOperation,
        sku: (row.sku as Item).sku,
        warehouse: row.warehouse as number,
        to_warehouse: (row.to_warehouse as number | null | undefined) ?? null,
        quantity: row.quantity as number,
        document_date: row.document_date as string,
        document_number: row.document_number as string,
      });
    }
  },
};
