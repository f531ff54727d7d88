import type { Writable } from 'node:stream';
import type { Page, WarehouseTransaction, WarehouseTransactionsQuery } from '@shop/domain';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../lib/context';
import { NotFoundError } from '../../lib/errors';
import * as q from './stock-movements.queries';

/** The back office's list of warehouse transactions (SPEC §3, §7), one of them, and its export. */

type Reader = Pick<Ctx, 'db'>;

export function toTransactionDto(row: q.TransactionRecord): WarehouseTransaction {
  return {
    id: row.id,
    document_date: row.documentDate,
    document_number: row.documentNumber,
    operation: row.operation,
    product_id: row.productId,
    sku: row.sku,
    variant_code: row.variantCode,
    warehouse_id: row.warehouseId,
    warehouse_code: row.warehouseCode,
    quantity: row.quantity,
    previous_stock: row.previousStock,
    result_stock: row.resultStock,
    user: row.user,
    created_at: row.createdAt.toISOString(),
  };
}

type Filter = Pick<WarehouseTransactionsQuery, 'sku' | 'warehouse'>;
const filterOf = (query: Filter): q.TransactionFilter => ({
  sku: query.sku || undefined,
  warehouse: query.warehouse || undefined,
});

/** GET /api/warehouse-transactions: newest first, optionally of one SKU and one warehouse (id or code). */
export async function listWarehouseTransactions(
  ctx: Reader,
  query: Filter & { page: number; per_page: number },
): Promise<Page<WarehouseTransaction>> {
  const { rows, total } = await q.listTransactions(ctx.db, filterOf(query), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toTransactionDto), meta: { total, page: query.page, per_page: query.per_page } };
}

export async function getWarehouseTransaction(ctx: Reader, id: number): Promise<WarehouseTransaction> {
  const row = await q.findTransaction(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toTransactionDto(row);
}

const EXPORT_BATCH = 1000;
const EXPORT_COLUMNS: (keyof WarehouseTransaction)[] = [
  'document_date',
  'document_number',
  'operation',
  'warehouse_code',
  'sku',
  'variant_code',
  'quantity',
  'previous_stock',
  'result_stock',
  'user',
  'created_at',
];

/**
 * GET /api/warehouse-transactions/export: the filtered list as .xlsx, newest first, streamed a batch
 * at a time into `out` whatever its length.
 */
export async function exportWarehouseTransactions(ctx: Reader, query: Filter, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('warehouse-transactions');
  sheet.addRow(EXPORT_COLUMNS).commit();
  let beforeId: number | null = null;
  for (;;) {
    const rows = await q.listTransactionsBefore(ctx.db, filterOf(query), beforeId, EXPORT_BATCH);
    for (const row of rows) {
      const dto = toTransactionDto(row);
      sheet.addRow(EXPORT_COLUMNS.map((column) => dto[column])).commit();
    }
    if (rows.length < EXPORT_BATCH) break;
    beforeId = rows.at(-1)!.id;
  }
  sheet.commit();
  await workbook.commit();
}
