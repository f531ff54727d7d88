import type { Writable } from 'node:stream';
import {
  BackofficeProductQuerySchema,
  IdTextSchema,
  IMPORT_RESOURCES,
  type ImportResourceInfo,
  type ImportResourceName,
} from '@shop/domain';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { ValidationError } from '../../lib/errors';
import type { RawCell } from './cells';
import type { ImportColumn, ImportResource, TableValues } from './import-resource';
import * as q from './imports.queries';
import { RefResolver } from './refs';
import { importResources } from './resources';

/**
 * The template and the export of every importable list (issue 3 item 7): the same columns, so an
 * exported sheet imports back unchanged. Exports stream through exceljs' WorkbookWriter a thousand
 * rows at a time, whatever the list's size.
 */

const EXPORT_BATCH = 1000;

export function listImportResources(): ImportResourceInfo[] {
  return IMPORT_RESOURCES.map((name) => {
    const resource = importResources[name];
    return {
      resource: name,
      key: resource.columns.filter((c) => c.key).map((c) => c.header),
      columns: resource.columns.map((c) => ({
        header: c.header,
        required: c.key === true || c.requiredForNew === true,
        description: c.description,
      })),
    };
  });
}

/** GET /api/imports/{resource}/template: an .xlsx with the header row. */
export async function template(name: ImportResourceName): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(name);
  const header = sheet.addRow(importResources[name].columns.map((c) => c.header));
  header.font = { bold: true };
  importResources[name].columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.max(12, c.header.length + 2);
    header.getCell(i + 1).note = c.description;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const ProductExportQuerySchema = BackofficeProductQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
  dir: true,
});

/** A searchable list's search box. */
const searchParam = {
  q: z
    .string()
    .trim()
    .max(100)
    .refine((text) => !text.includes('\u0000'))
    .optional(),
};

/** Every list's sort: taken, not used (an export is in id order). */
const sortParams = { sort: z.string().max(50).optional(), dir: z.enum(['asc', 'desc']).optional() };

/** Validates the export's filters: the list's for products and variants, equality ones for the others. */
export function parseExportQuery(
  name: ImportResourceName,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const resource = importResources[name];
  const schema = resource.exportIds
    ? ProductExportQuerySchema
    : z.strictObject({
        ...Object.fromEntries(
          Object.keys(resource.exportFilters ?? {}).map((k) => [
            k,
            k.endsWith('_id') ? IdTextSchema.optional() : z.string().trim().min(1).max(100).optional(),
          ]),
        ),
        ...(resource.exportSearch ? searchParam : {}),
        ...sortParams,
      });
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new ValidationError(errors);
}

/** The stored values of rows as the sheet writes them: codes for references, euros, percents. */
async function toSheetRows(
  ctx: Pick<Ctx, 'db'>,
  resource: ImportResource,
  codes: Map<string, Map<number, string>>,
  rows: TableValues[],
): Promise<RawCell[][]> {
  const productIds = new Set<number>();
  for (const column of resource.columns) {
    if (column.ref !== 'product') continue;
    for (const row of rows)
      if (typeof row[column.to!] === 'number') productIds.add(row[column.to!] as number);
  }
  const skus = new Map((await q.findSkusByIds(ctx.db, [...productIds])).map((p) => [p.id, p.sku]));
  const cellOf = (column: ImportColumn, row: TableValues): RawCell => {
    const value = row[column.to!];
    if (value === null || value === undefined) return null;
    if (column.ref === 'product') return skus.get(value as number) ?? null;
    // A VAT is written as its rate in percent, a campaign as its id.
    if (column.ref === 'vat') return Number(codes.get('vat')?.get(value as number)) / 100;
    if (column.ref === 'campaign') return value as number;
    if (column.ref) return codes.get(column.ref)?.get(value as number) ?? null;
    if (column.format) return column.format(value as never);
    return value instanceof Date || typeof value !== 'object' ? (value as RawCell) : JSON.stringify(value);
  };
  return rows.map((row) => resource.columns.map((c) => cellOf(c, row)));
}

/** Writes the list as .xlsx into `out` (the response), a batch of rows at a time. */
export async function exportResource(
  ctx: Pick<Ctx, 'db'>,
  name: ImportResourceName,
  query: Record<string, unknown>,
  out: Writable,
): Promise<void> {
  const resource = importResources[name];
  const refs = new RefResolver(ctx.db);
  const codes = new Map<string, Map<number, string>>();
  for (const column of resource.columns) {
    if (column.ref && column.ref !== 'product') codes.set(column.ref, await refs.codesById(column.ref));
  }
  const filter = Object.fromEntries(
    Object.entries(resource.exportFilters ?? {}).flatMap(([param, to]) =>
      query[param] === undefined ? [] : [[to, query[param]]],
    ),
  );
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(resource.columns.map((c) => c.header)).commit();
  let afterId = 0;
  for (;;) {
    let rows: TableValues[];
    if (resource.exportIds) {
      const ids = await resource.exportIds(ctx.db, query, afterId, EXPORT_BATCH);
      rows = await q.listTableRowsByIds(ctx.db, resource.table, ids);
    } else {
      const search =
        resource.exportSearch && query.q
          ? { columns: resource.exportSearch, text: query.q as string }
          : undefined;
      rows = await q.listTableRows(ctx.db, resource.table, filter, afterId, EXPORT_BATCH, search);
    }
    if (rows.length === 0) break;
    for (const cells of await toSheetRows(ctx, resource, codes, rows)) sheet.addRow(cells).commit();
    afterId = rows.at(-1)!.id as number;
    if (rows.length < EXPORT_BATCH) break;
  }
  sheet.commit();
  await workbook.commit();
}
