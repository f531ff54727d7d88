import { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { messages } from '@shop/domain';
import ExcelJS from 'exceljs';
import { AppError, ValidationError } from '../../lib/errors';

/** Quick-order uploads: a .csv or an .xlsx of at most this many bytes. */
export const QUICK_ORDER_FILE_MAX_BYTES = 5 * 1024 * 1024;

const refuse = () => ValidationError.field('file', messages.quickOrderFile);

/** A cell as text: numbers (EAN codes typed as numbers), formulas' results, rich text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  if (value instanceof Date) return '';
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value) return String(value.text);
  return '';
}

/** The first sheet's first two columns (code, quantity) as quick-order text lines, read as a stream. */
async function xlsxLines(content: Buffer): Promise<string> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(content), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
  });
  const lines: string[] = [];
  let sheets = 0;
  for await (const sheet of reader) {
    sheets += 1;
    for await (const row of sheet) {
      // Only the first sheet counts, but the stream is read to its end.
      if (sheets > 1) continue;
      const values = row.values as ExcelJS.CellValue[];
      lines[row.number - 1] = `${cellText(values[1]).trim()};${cellText(values[2]).trim()}`;
    }
  }
  return Array.from(lines, (l) => l ?? '').join('\n');
}

/**
 * The text of a quick-order upload, by extension: .csv as UTF-8 text, .xlsx parsed with exceljs'
 * streaming reader. Anything else, a binary "csv" or a broken workbook is a 422 saying what is accepted.
 */
export async function readQuickOrderFile(filename: string, content: Buffer): Promise<string> {
  const name = filename.toLowerCase();
  if (name.endsWith('.csv')) {
    const text = content.toString('utf8');
    if (text.includes('\u0000') || text.includes('\uFFFD')) throw refuse();
    return text.replace(/^\uFEFF/, '');
  }
  // An .xlsx is a zip archive: it starts with PK\x03\x04.
  if (name.endsWith('.xlsx') && content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    try {
      return await xlsxLines(content);
    } catch {
      throw refuse();
    }
  }
  throw refuse();
}

/** A customer id as a form field: digits only, a positive 32-bit integer (the ids' column). */
function customerIdOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > 2_147_483_647) throw ValidationError.field('customer_id', messages.invalidValue);
  return id;
}

/**
 * The parts of a quick-order upload, in any order: the `file` and an optional `customer_id` field
 * (the web sends it first). Returns the file's lines as text and the customer named, if any.
 */
export async function readQuickOrderUpload(
  parts: AsyncIterable<Multipart>,
): Promise<{ text: string; customerId: number | undefined }> {
  let customerId: number | undefined;
  let file: { filename: string; content: Buffer } | undefined;
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.fieldname === 'customer_id') customerId = customerIdOf(part.value);
      continue;
    }
    // Read every file part to its end: the next part only comes after it.
    const content = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', messages.quickOrderFile);
      throw error;
    });
    if (part.fieldname === 'file') file = { filename: part.filename, content };
  }
  if (!file) throw refuse();
  return { text: await readQuickOrderFile(file.filename, file.content), customerId };
}
