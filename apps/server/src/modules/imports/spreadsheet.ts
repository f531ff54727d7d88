import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { RawCell } from './cells';
import { readCsv } from './csv';

/**
 * Reads an uploaded sheet row by row without holding it (issue 3: streaming, flat memory): .xlsx
 * through exceljs' streaming WorkbookReader (the first worksheet), .csv through ./csv.ts. The kind is
 * decided by the content, never the file name: a zip archive is an .xlsx, UTF-8 text a .csv.
 */

export type SheetKind = 'xlsx' | 'csv';
export type SheetRow = { number: number; cells: RawCell[] };

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The sheet kind of a file, or null when it is neither (a PDF, an image, an empty file…). */
export async function detectSheetKind(filePath: string): Promise<SheetKind | null> {
  const file = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytesRead === 0) return null;
    if (bytes.subarray(0, 4).equals(ZIP)) return 'xlsx';
    // Text: no NUL byte and valid UTF-8 (a multi-byte character cut at the 64 KB edge is fine).
    if (bytes.includes(0)) return null;
    const text = new TextDecoder('utf-8', { fatal: false }).decode(
      bytes.subarray(0, Math.max(0, bytesRead - 4)),
    );
    return text.includes('\uFFFD') ? null : 'csv';
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

async function* readXlsx(filePath: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(filePath), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell dates from numbers.
    styles: 'cache',
    entries: 'emit',
  });
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
}

async function* readCsvFile(filePath: string): AsyncGenerator<SheetRow> {
  let number = 0;
  for await (const cells of readCsv(createReadStream(filePath, { highWaterMark: 256 * 1024 }))) {
    number += 1;
    yield { number, cells };
  }
}

export function readSheet(filePath: string, kind: SheetKind): AsyncGenerator<SheetRow> {
  return kind === 'xlsx' ? readXlsx(filePath) : readCsvFile(filePath);
}

/** Whether every cell of a row is empty (such rows are skipped, as Excel users leave them). */
export const isBlankRow = (cells: RawCell[]) =>
  cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));
