import type { Multipart } from '@fastify/multipart';
import { hasControlCharacters, MAX_ID, messages } from '@shop/domain';
import { ValidationError } from '../../lib/errors';
import { type SheetLimits, tooLarge } from '../../lib/sheet-guard';
import type { RawCell } from '../imports/cells';
import { detectSheetKind, readSheet, SheetReadError } from '../imports/spreadsheet';

const refuse = () => ValidationError.field('file', messages.quickOrderFile);

/** A cell as text: numbers (EAN codes typed as numbers) as written; dates are not codes. */
const cellText = (cell: RawCell | undefined) =>
  cell === null || cell === undefined || cell instanceof Date ? '' : String(cell).trim();

/**
 * The text of a quick-order upload: a .csv (UTF-8 text) or an .xlsx (a zip archive), the name and
 * the content agreeing, read through the imports' sheet reader and its guard (`limits`, issue 15):
 * the first sheet's first two columns (code, quantity) as one line per sheet row. Anything else, a
 * binary "csv" or a broken workbook is a 422 saying what is accepted; a limit is a 422 naming it.
 */
export async function readQuickOrderFile(
  filename: string,
  content: Buffer,
  limits: SheetLimits,
): Promise<string> {
  const name = filename.toLowerCase();
  const kind = await detectSheetKind(content);
  if (!((kind === 'csv' && name.endsWith('.csv')) || (kind === 'xlsx' && name.endsWith('.xlsx'))))
    throw refuse();
  const lines: string[] = [];
  try {
    for await (const row of readSheet(content, kind, limits)) {
      // Sheet rows keep their numbers (the report's lines); the guard bounds them by maxRows.
      while (lines.length < row.number - 1) lines.push('');
      lines.push(`${cellText(row.cells[0])};${cellText(row.cells[1])}`);
    }
  } catch (error) {
    throw error instanceof SheetReadError ? refuse() : error;
  }
  const text = lines.join('\n');
  // Its codes are looked up in SQL, where a NUL would fail the request.
  if (hasControlCharacters(text)) throw refuse();
  return text;
}

/** A customer id as a form field: digits only, a positive 32-bit integer (the ids' column). */
function customerIdOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  if (id < 1 || id > MAX_ID) throw ValidationError.field('customer_id', messages.invalidValue);
  return id;
}

/**
 * The parts of a quick-order upload, in any order: the `file` and an optional `customer_id` field
 * (the web sends it first). Returns the file's lines as text and the customer named, if any.
 */
export async function readQuickOrderUpload(
  parts: AsyncIterable<Multipart>,
  limits: SheetLimits,
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
      throw error.code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge.bytes(limits) : error;
    });
    if (part.fieldname === 'file') file = { filename: part.filename, content };
  }
  if (!file) throw refuse();
  return { text: await readQuickOrderFile(file.filename, file.content, limits), customerId };
}
