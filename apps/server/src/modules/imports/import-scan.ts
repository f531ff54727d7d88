import { messages } from '@shop/domain';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import type { RawCell } from './cells';
import type { CellProblem, ImportColumn, ImportResource, ImportRow, TableValues } from './import-resource';
import * as q from './imports.queries';
import { RefResolver } from './refs';
import { isBlankRow, readSheet, type SheetKind, type SheetRow } from './spreadsheet';

/**
 * The import engine's reading half (issue 3 item 7): the header against the resource's columns, then
 * the rows a batch at a time, each cell parsed, references resolved, keys checked (missing, repeated
 * in the file, new or existing) and the resource's own checks run. Preview and run read the same way.
 */

export const BATCH_SIZE = 1000;

export type ScannedRow = {
  number: number;
  row: ImportRow;
  values: TableValues;
  isNew: boolean;
  problems: CellProblem[];
};

const refuse = (message: string) => ValidationError.field('file', message);
const normalize = (header: RawCell) => (header === null ? '' : String(header).trim().toLowerCase());

/** The header's columns, in sheet order (null for a blank header cell, whose cells are ignored). */
function mapHeader(resource: ImportResource, cells: RawCell[]): (ImportColumn | null)[] {
  const byHeader = new Map(resource.columns.map((c) => [c.header, c]));
  const seen = new Set<string>();
  const unknown: string[] = [];
  const mapped = cells.map((cell) => {
    const header = normalize(cell);
    if (header === '') return null;
    const column = byHeader.get(header);
    if (!column || seen.has(header)) unknown.push(String(cell).trim());
    seen.add(header);
    return column ?? null;
  });
  if (unknown.length > 0) throw refuse(messages.importUnknownColumns.replace(':columns', unknown.join(', ')));
  const missing = resource.columns.filter((c) => c.key === true && !seen.has(c.header)).map((c) => c.header);
  if (missing.length > 0) throw refuse(messages.importMissingColumns.replace(':columns', missing.join(', ')));
  return mapped;
}

function parseRow(sheetRow: SheetRow, header: (ImportColumn | null)[]) {
  const row: ImportRow = {};
  const problems: CellProblem[] = [];
  header.forEach((column, i) => {
    if (!column) return;
    const parsed = column.cell.safeParse(sheetRow.cells[i] ?? null);
    if (parsed.success) {
      row[column.header] = parsed.data;
    } else {
      row[column.header] = null;
      problems.push({ column: column.header, message: parsed.message });
    }
  });
  return { number: sheetRow.number, row, problems };
}

/** A resolved reference as the id it stores. */
const stored = (v: unknown) =>
  v !== null && typeof v === 'object' && 'id' in v ? (v as { id: number }).id : v;

export type Scan = {
  /** The header's columns (present in the file). */
  present: ImportColumn[];
  batches: AsyncGenerator<ScannedRow[]>;
};

/**
 * Opens the sheet and checks its header (422 for an unknown or missing column, or an empty file),
 * then yields the data rows a batch at a time, checked against `db` (the run's transaction).
 */
export async function scan(
  db: Db,
  resource: ImportResource,
  filePath: string,
  kind: SheetKind,
): Promise<Scan> {
  const rows = readSheet(filePath, kind);
  let first: IteratorResult<SheetRow>;
  do {
    first = await rows.next();
  } while (!first.done && isBlankRow(first.value.cells));
  if (first.done) throw refuse(messages.importEmpty);
  const header = mapHeader(resource, first.value.cells);
  const present = header.filter((c): c is ImportColumn => c !== null);
  return { present, batches: batchesOf(db, resource, rows, header, present) };
}

async function* batchesOf(
  db: Db,
  resource: ImportResource,
  rows: AsyncGenerator<SheetRow>,
  header: (ImportColumn | null)[],
  present: ImportColumn[],
): AsyncGenerator<ScannedRow[]> {
  const refs = new RefResolver(db);
  const context = resource.load ? await resource.load(db) : undefined;
  const keys = resource.columns.filter((c) => c.key);
  const tableColumns = getTableColumns(resource.table) as Record<string, PgColumn>;
  const seenKeys = new Set<string>();
  let batch: SheetRow[] = [];
  let any = false;

  async function check(sheetRows: SheetRow[]): Promise<ScannedRow[]> {
    const parsed = sheetRows.map((r) => parseRow(r, header));
    await refs.resolve(parsed, present);
    if (resource.prepare) await resource.prepare(db, parsed, context);
    const withKeys = parsed.map((p) => {
      const keyValues: TableValues = {};
      let complete = !p.problems.some((x) => keys.some((k) => k.header === x.column));
      for (const k of keys) {
        const value = stored(p.row[k.header] ?? null);
        if (value === null && k.key === true) {
          complete = false;
          if (!p.problems.some((x) => x.column === k.header))
            p.problems.push({ column: k.header, message: messages.required });
        }
        keyValues[k.to!] = value;
      }
      // A resource without a key (a movement) adds every row.
      if (complete && keys.length > 0) {
        const text = JSON.stringify(keys.map((k) => keyValues[k.to!]));
        if (seenKeys.has(text))
          p.problems.push(
            resource.duplicateKey ?? { column: keys[0]!.header, message: messages.importDuplicateKey },
          );
        else seenKeys.add(text);
      }
      return { ...p, keyValues, complete };
    });
    const lookups = keys.length > 0 ? withKeys.filter((p) => p.complete) : [];
    const existing = await q.existingKeys(
      db,
      resource.table,
      keys.map((k) => k.to!),
      lookups.map((p) => p.keyValues),
    );
    const existingRows = new Set(lookups.filter((_, i) => existing.has(i)));
    return withKeys.map((p) => {
      const isNew = !existingRows.has(p);
      for (const column of resource.columns) {
        if (!column.requiredForNew || !isNew || p.row[column.header] != null) continue;
        if (!p.problems.some((x) => x.column === column.header))
          p.problems.push({ column: column.header, message: messages.required });
      }
      if (p.problems.length === 0 && resource.check)
        p.problems.push(...resource.check(p.row, context, isNew));
      const values = resource.toValues
        ? resource.toValues(p.row, context, isNew)
        : Object.fromEntries(
            present.filter((c) => c.to).map((c) => [c.to!, stored(p.row[c.header] ?? null)]),
          );
      if (isNew) {
        // An empty cell of a NOT NULL column takes the column's default on a new row.
        for (const [k, v] of Object.entries(values))
          if (v === null && tableColumns[k]?.notNull) delete values[k];
      }
      return { number: p.number, row: p.row, values, isNew, problems: p.problems };
    });
  }

  for await (const sheetRow of rows) {
    if (isBlankRow(sheetRow.cells)) continue;
    any = true;
    batch.push(sheetRow);
    if (batch.length === BATCH_SIZE) {
      yield await check(batch);
      batch = [];
    }
  }
  if (batch.length > 0) yield await check(batch);
  if (!any) throw refuse(messages.importEmpty);
}
