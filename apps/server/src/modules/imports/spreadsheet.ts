import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors';
import { CHECKED, lineGuard, type SheetLimits, tooLarge } from '../../lib/sheet-guard';
import { checkedXlsx } from '../../lib/zip-guard';
import type { RawCell } from './cells';
import { readCsv } from './csv';

/**
 * Reads an uploaded sheet row by row without holding it (issue 3: streaming, flat memory): .xlsx
 * through exceljs' streaming WorkbookReader (the first worksheet), .csv through ./csv.ts. The kind is
 * decided by the content, never the file name: a zip archive is an .xlsx, UTF-8 text a .csv.
 * Every sheet the server reads (imports, quick order) comes through here, bounded by the upload
 * guard (lib/sheet-guard.ts, lib/zip-guard.ts) while it streams.
 */

export type SheetKind = 'xlsx' | 'csv';
export type SheetRow = { number: number; cells: RawCell[] };
/** A stored upload's path, or a small upload held in memory (quick order). */
export type SheetSource = string | Buffer;

/** The file could not be read as a sheet (a broken zip, workbook or encoding): a 422 for the caller. */
export class SheetReadError extends Error {}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The sheet kind of a file, or null when it is neither (a PDF, an image, an empty file…). */
export async function detectSheetKind(source: SheetSource): Promise<SheetKind | null> {
  const bytes = typeof source === 'string' ? await headOf(source) : source.subarray(0, HEAD_BYTES);
  if (bytes.length === 0) return null;
  if (bytes.subarray(0, 4).equals(ZIP)) return 'xlsx';
  // Text: no NUL byte and valid UTF-8 (a multi-byte character cut at the 64 KB edge is fine).
  if (bytes.includes(0)) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(
    bytes.subarray(0, Math.max(0, bytes.length - 4)),
  );
  return text.includes('\uFFFD') ? null : 'csv';
}

const HEAD_BYTES = 64 * 1024;

async function headOf(filePath: string): Promise<Buffer> {
  const file = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** A cell of exceljs as text, number, boolean or date: rich text joined, formulas by their result. */
function rawCell(value: ExcelJS.CellValue | undefined): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return rawCell(value.result as ExcelJS.CellValue);
  if ('text' in value)
    return typeof value.text === 'string' ? value.text : rawCell(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return null;
}

async function* readXlsx(source: SheetSource, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const input = await checkedXlsx(source, limits);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell dates from numbers.
    styles: 'cache',
    entries: 'emit',
  });
  try {
    let sheets = 0;
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        // Only the first worksheet is imported; the others are read past.
        if (sheets > 1) continue;
        const values = row.values as (ExcelJS.CellValue | undefined)[];
        yield { number: row.number, cells: Array.from(values.slice(1), rawCell) };
      }
    }
  } finally {
    input.destroy();
  }
}

async function* readCsvFile(source: SheetSource, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const chunks =
    typeof source === 'string'
      ? createReadStream(source, { highWaterMark: 256 * 1024 })
      : Readable.from([source]);
  let number = 0;
  for await (const cells of readCsv(chunks, limits)) {
    number += 1;
    yield { number, cells };
  }
}

/**
 * The rows of a sheet, bounded by `limits` as they stream (lib/sheet-guard.ts): a limit is a 422
 * naming it, a file that cannot be read a SheetReadError. Without limits, the file is one already
 * read within them (an import's stored upload, read again by its run).
 */
export async function* readSheet(
  source: SheetSource,
  kind: SheetKind,
  limits: SheetLimits = CHECKED,
): AsyncGenerator<SheetRow> {
  const size = typeof source === 'string' ? (await stat(source)).size : source.length;
  if (size > limits.maxBytes) throw tooLarge.bytes(limits);
  const checkLine = lineGuard(limits);
  try {
    for await (const row of kind === 'xlsx' ? readXlsx(source, limits) : readCsvFile(source, limits)) {
      checkLine(row.number, row.cells.length);
      yield row;
    }
  } catch (error) {
    throw error instanceof AppError ? error : new SheetReadError(String(error), { cause: error });
  }
}

/** Whether every cell of a row is empty (such rows are skipped, as Excel users leave them). */
export const isBlankRow = (cells: RawCell[]) =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
