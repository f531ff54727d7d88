import { messages } from '@shop/domain';
import type { Config } from '../config';
import { ValidationError } from './errors';

/**
 * What an uploaded spreadsheet or CSV may hold (issue 15 item 1), checked while it streams so that
 * reading stops at the first limit with a 422 naming it. The server runs with a 512 MB heap
 * (--max-old-space-size=512): the limits below keep one upload's memory well under it whatever the
 * file. Compressed size, unpacked size and lines come from the config (QUICK_ORDER_*, IMPORT_*);
 * the rest are these constants.
 */
export type SheetLimits = {
  /** The file as uploaded. */
  maxBytes: number;
  /** All parts of an .xlsx (a zip archive) once inflated, counted as they inflate. */
  maxUnpackedBytes: number;
  /** One part of an .xlsx once inflated. */
  maxPartBytes: number;
  /** Parts of an .xlsx (a real workbook has a few dozen). */
  maxParts: number;
  /** Lines of the sheet (an .xlsx row number or a CSV record). */
  maxRows: number;
  /** Columns of one line (a cell at column XFD counts 16,384). */
  maxColumns: number;
  /** `<si>` entries of xl/sharedStrings.xml, which the reader keeps in memory for the whole read. */
  maxSharedStrings: number;
  /**
   * XML elements of the parts exceljs keeps whole (shared strings, styles, workbook, rels): the reader
   * keeps them as objects, ten or more times their bytes (`<xf/>` or an empty rich-text run).
   */
  maxElements: number;
  /** Characters of one CSV line. */
  maxLineChars: number;
};

/**
 * Excel's own limit for a cell; one text or tag of an .xlsx part may take at most
 * CELL_BYTES_PER_CHAR bytes per character (UTF-8 and XML escapes such as `&quot;`).
 */
export const MAX_CELL_CHARS = 32_767;
export const CELL_BYTES_PER_CHAR = 8;

/**
 * Back-office imports: up to 500,000 rows of a few dozen columns (a 200 MB sheet). A million shared
 * strings and 2.5 million kept elements are estimated at well under 512 MB of heap (~100 bytes an
 * element); the tests measure the bombs, not this worst case.
 */
const IMPORT_LIMITS = {
  maxPartBytes: 200 * 1024 * 1024,
  maxParts: 1_000,
  maxColumns: 1_000,
  maxSharedStrings: 1_000_000,
  maxElements: 2_500_000,
  maxLineChars: 1_000_000,
};

/** Quick order reads two columns of at most 1,000 lines: a few MB unpacked is already generous. */
const QUICK_ORDER_LIMITS = {
  maxUnpackedBytes: 20 * 1024 * 1024,
  maxPartBytes: 20 * 1024 * 1024,
  maxParts: 200,
  maxColumns: 100,
  maxSharedStrings: 10_000,
  maxElements: 50_000,
  maxLineChars: 64 * 1024,
};

export const importLimits = (uploads: Config['uploads']): SheetLimits => ({
  ...IMPORT_LIMITS,
  ...uploads.imports,
});

export const quickOrderLimits = (uploads: Config['uploads']): SheetLimits => ({
  ...QUICK_ORDER_LIMITS,
  ...uploads.quickOrder,
});

/**
 * No bound: for a file that has already been read against its limits (an import's preview). An .xlsx is
 * still rebuilt from its central directory's parts, the ones that were counted.
 */
export const CHECKED: SheetLimits = {
  maxBytes: Infinity,
  maxUnpackedBytes: Infinity,
  maxPartBytes: Infinity,
  maxParts: Infinity,
  maxRows: Infinity,
  maxColumns: Infinity,
  maxSharedStrings: Infinity,
  maxElements: Infinity,
  maxLineChars: Infinity,
};

const refuse = (message: string) => ValidationError.field('file', message);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toLocaleString('en-US');
const count = (n: number) => n.toLocaleString('en-US');

/** The 422 of each limit, saying which limit and what it is. */
export const tooLarge = {
  bytes: (l: SheetLimits) => refuse(messages.importTooLarge.replace(':megabytes', megabytes(l.maxBytes))),
  unpacked: (l: SheetLimits) =>
    refuse(messages.uploadUnpackedTooLarge.replace(':megabytes', megabytes(l.maxUnpackedBytes))),
  part: (l: SheetLimits) =>
    refuse(messages.uploadPartTooLarge.replace(':megabytes', megabytes(l.maxPartBytes))),
  parts: (l: SheetLimits) => refuse(messages.uploadTooManyParts.replace(':count', count(l.maxParts))),
  rows: (l: SheetLimits) => refuse(messages.uploadTooManyLines.replace(':count', count(l.maxRows))),
  columns: (l: SheetLimits) => refuse(messages.uploadTooManyColumns.replace(':count', count(l.maxColumns))),
  sharedStrings: (l: SheetLimits) =>
    refuse(messages.uploadTooManySharedStrings.replace(':count', count(l.maxSharedStrings))),
  elements: (l: SheetLimits) =>
    refuse(messages.uploadTooManyElements.replace(':count', count(l.maxElements))),
  cell: () => refuse(messages.uploadCellTooLong.replace(':count', count(MAX_CELL_CHARS))),
  line: (l: Pick<SheetLimits, 'maxLineChars'>) =>
    refuse(messages.uploadLineTooLong.replace(':count', count(l.maxLineChars))),
};

/** Counts a sheet's lines and each line's columns as they stream; throws at the first limit. */
export function lineGuard(limits: SheetLimits) {
  let lines = 0;
  return (rowNumber: number, columns: number) => {
    // A row numbered 600,000 makes a sheet of 600,000 lines, however few are filled.
    lines = Math.max(lines + 1, Number.isFinite(rowNumber) ? rowNumber : 0);
    if (lines > limits.maxRows) throw tooLarge.rows(limits);
    if (columns > limits.maxColumns) throw tooLarge.columns(limits);
  };
}
