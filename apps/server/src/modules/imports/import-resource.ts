import type { ImportResourceName } from '@shop/domain';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Ctx } from '../../lib/context';
import type { CellParser, RawCell } from './cells';

/**
 * An importable (and exportable) back-office list, declared once (issue 3 item 7): its columns, the
 * key that finds an existing row, the table it writes. The engine (import-scan.ts, imports.service.ts)
 * reads, validates, previews and writes every resource the same way.
 */

/** What a reference cell names, resolved to an id (or a product) by the engine, a batch at a time. */
export type RefKind =
  | 'category'
  | 'subcategory'
  | 'brand'
  | 'uom'
  | 'vat'
  | 'warehouse'
  | 'customer-group'
  | 'campaign'
  | 'price-list'
  | 'product';

/** A product named by SKU, as reference checks need it. */
export type ProductRef = {
  id: number;
  sku: string;
  parentId: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  brandId: number | null;
  vatId: number;
  description: string;
  price: number;
};

export type ImportColumn = {
  /** The header in the sheet (and the template), as the API names the field. */
  header: string;
  description: string;
  cell: CellParser<unknown>;
  /** The table column (camelCase, as the Drizzle table names it) the value goes to. */
  to?: string;
  /** A reference by code (or SKU, or VAT rate): the row's value becomes the id (ProductRef for products). */
  ref?: RefKind;
  /**
   * Part of the key that finds an existing row: must be in the header and filled in every row
   * ('nullable': may be absent or empty, as an attribute tag's category or subcategory). A resource
   * without key columns (stock movements) adds every row.
   */
  key?: true | 'nullable';
  /** A new row needs a value here (NOT NULL columns without a default). */
  requiredForNew?: boolean;
  /** How an export writes the stored value (identity when absent). */
  format?: (value: never) => RawCell;
};

/** A parsed row: values by header (null for empty cells), references resolved. */
export type ImportRow = Record<string, unknown>;
export type CellProblem = { column: string; message: string };

/** Values by table column, after `toValues`. */
export type TableValues = Record<string, unknown>;

/** A valid row as a write receives it: parsed, resolved, its table values, new or existing. */
export type ScannedRowWrite = { row: ImportRow; values: TableValues; isNew: boolean };

export type ImportResource<Context = unknown> = {
  name: ImportResourceName;
  table: PgTable;
  columns: ImportColumn[];
  /**
   * Lookups the checks need (tags, options…): loaded once per preview, and in each batch's transaction
   * of a run (the database then holds the batches the run committed before).
   */
  load?: (db: Db) => Promise<Context>;
  /**
   * Reads what the checks of a batch need from the database (the stock its movements change), once
   * its references are resolved and before its rows are checked, in file order.
   */
  prepare?: (db: Db, rows: { row: ImportRow; problems: CellProblem[] }[], context: Context) => Promise<void>;
  /** Checks across cells and against the database's rules; problems name their column. */
  check?: (row: ImportRow, context: Context, isNew: boolean) => CellProblem[];
  /** The row's table values; by default each column's value goes to its `to`. */
  toValues?: (row: ImportRow, context: Context, isNew: boolean) => TableValues;
  /**
   * Writes a batch of valid rows inside the batch's transaction. By default the engine inserts the
   * new rows and updates the existing ones by key; stock and variants add their own effects.
   */
  write?: (ctx: ImportCtx, rows: ScannedRowWrite[]) => Promise<void>;
  /** The problem of a row whose key an earlier row of the file has ('Appears more than once in the file'). */
  duplicateKey?: CellProblem;
  /** Equality filters an export takes (query parameter → table column). */
  exportFilters?: Record<string, string>;
  /** Text columns an export's `q` (the list's search box) is looked for in, case-insensitively. */
  exportSearch?: string[];
  /** The ids an export walks, when its filters are richer than equality (the product list's). */
  exportIds?: (db: Db, query: Record<string, unknown>, afterId: number, limit: number) => Promise<number[]>;
};

/** The import's context while it runs: the transaction, who runs it, which import. */
export type ImportCtx = Pick<Ctx, 'db' | 'now' | 'actor'> & { importId: number };
