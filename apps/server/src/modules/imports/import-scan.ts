import { messages } from '@shop/domain';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { CHECKED, type SheetLimits } from '../../lib/sheet-guard';
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
 * then yields the data rows a batch at a time, checked against `db`. The first `skip` rows (those an
 * interrupted run has applied) are only read for their keys, so a later row repeating one of them is
 * still a duplicate.
 */
export async function scan(
  db: Db,
  resource: ImportResource,
  filePath: string,
  kind: SheetKind,
  skip = 0,
  limits: SheetLimits = CHECKED,
): Promise<Scan> {
  const file = await openFile(resource, filePath, kind, limits);
  return { present: file.present, batches: checkedBatches(db, file, skip) };
}

async function* checkedBatches(db: Db, file: OpenFile, skip: number): AsyncGenerator<ScannedRow[]> {
  let read = 0;
  for await (const batch of file.batches) {
    if (read < skip) await file.checker.markKeys(db, batch);
    else yield await file.checker.check(db, batch);
    read += batch.length;
  }
}

export type OpenFile = {
  present: ImportColumn[];
  /** The data rows a batch at a time, unchecked (blank rows left out). */
  batches: AsyncGenerator<SheetRow[]>;
  checker: RowChecker;
};

/**
 * Opens the sheet and checks its header; its batches are checked by the caller, each with its own db.
 * The upload's preview reads it against the upload limits; a run reads the stored file they bounded.
 */
export async function openFile(
  resource: ImportResource,
  filePath: string,
  kind: SheetKind,
  limits: SheetLimits = CHECKED,
): Promise<OpenFile> {
  const rows = readSheet(filePath, kind, limits);
  let first: IteratorResult<SheetRow>;
  do {
    first = await rows.next();
  } while (!first.done && isBlankRow(first.value.cells));
  if (first.done) throw refuse(messages.importEmpty);
  const header = mapHeader(resource, first.value.cells);
  const present = header.filter((c): c is ImportColumn => c !== null);
  return { present, batches: sheetBatches(rows), checker: new RowChecker(resource, header, present) };
}

async function* sheetBatches(rows: AsyncGenerator<SheetRow>): AsyncGenerator<SheetRow[]> {
  let batch: SheetRow[] = [];
  let any = false;
  for await (const sheetRow of rows) {
    if (isBlankRow(sheetRow.cells)) continue;
    any = true;
    batch.push(sheetRow);
    if (batch.length === BATCH_SIZE) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
  if (!any) throw refuse(messages.importEmpty);
}

type Parsed = ReturnType<typeof parseRow>;

/**
 * Checks a file's batches in file order, remembering what later rows depend on: the keys seen (a
 * repeated key is a duplicate) and the resource's context (the stock the file's movements leave…).
 */
export class RowChecker {
  private refs: RefResolver | undefined;
  private readonly keys: ImportColumn[];
  private readonly tableColumns: Record<string, PgColumn>;
  private readonly seenKeys = new Set<string>();
  private context: unknown;
  private loaded = false;

  constructor(
    private readonly resource: ImportResource,
    private readonly header: (ImportColumn | null)[],
    private readonly present: ImportColumn[],
  ) {
    this.keys = resource.columns.filter((c) => c.key);
    this.tableColumns = getTableColumns(resource.table) as Record<string, PgColumn>;
  }

  /** Reads the rows' keys only (rows an earlier attempt of the run applied). */
  async markKeys(db: Db, sheetRows: SheetRow[]) {
    const parsed = sheetRows.map((r) => parseRow(r, this.header));
    await this.refsOf(db).resolve(
      parsed,
      this.present.filter((c) => c.key),
      db,
    );
    for (const p of parsed) this.markKey(p);
  }

  /**
   * Checks a batch against `db`. `reload` reads the resource's context again (a run's batch in its own
   * transaction: the database, holding the batches committed before, is then the truth).
   */
  async check(db: Db, sheetRows: SheetRow[], reload = false): Promise<ScannedRow[]> {
    const { resource, present, keys } = this;
    if (!this.loaded || reload) {
      this.context = resource.load ? await resource.load(db) : undefined;
      this.loaded = true;
    }
    const context = this.context;
    const parsed = sheetRows.map((r) => parseRow(r, this.header));
    await this.refsOf(db).resolve(parsed, present, db);
    if (resource.prepare) await resource.prepare(db, parsed, context);
    const withKeys = parsed.map((p) => ({ ...p, ...this.markKey(p) }));
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
          if (v === null && this.tableColumns[k]?.notNull) delete values[k];
      }
      return { number: p.number, row: p.row, values, isNew, problems: p.problems };
    });
  }

  private refsOf(db: Db) {
    this.refs ??= new RefResolver(db);
    return this.refs;
  }

  /** The row's key values; a missing key or one an earlier row has is a problem on the row. */
  private markKey(p: Parsed) {
    const keyValues: TableValues = {};
    let complete = !p.problems.some((x) => this.keys.some((k) => k.header === x.column));
    for (const k of this.keys) {
      const value = stored(p.row[k.header] ?? null);
      if (value === null && k.key === true) {
        complete = false;
        if (!p.problems.some((x) => x.column === k.header))
          p.problems.push({ column: k.header, message: messages.required });
      }
      keyValues[k.to!] = value;
    }
    // A resource without a key (a movement) adds every row.
    if (complete && this.keys.length > 0) {
      const text = JSON.stringify(this.keys.map((k) => keyValues[k.to!]));
      if (this.seenKeys.has(text))
        p.problems.push(
          this.resource.duplicateKey ?? {
            column: this.keys[0]!.header,
            message: messages.importDuplicateKey,
          },
        );
      else this.seenKeys.add(text);
    }
    return { keyValues, complete };
  }
}
