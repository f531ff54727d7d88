import { z } from 'zod';

/**
 * Excel import and export (SPEC §1 'import from Excel … for most back-office lists'; issue 3): the
 * resources, the preview with every invalid cell, the run and its progress.
 *
 * Flow: GET /api/imports/{resource}/template (.xlsx with the header row) → POST /api/imports/{resource}
 * (multipart `file`, .xlsx or .csv) answers the preview (status `previewed`) → POST
 * /api/imports/{id}/run → poll GET /api/imports/{id} until `completed` or `failed`.
 * GET /api/exports/{resource}?<the list's filters> downloads the list as .xlsx with the same columns.
 *
 * Cells: money in euros with up to two decimals (12.90 or 12,90), rates in percent (22, 10.5), the
 * unit-of-measure ratio as a decimal (1.5), dates YYYY-MM-DD, flags 1/0, true/false, yes/no, si/no;
 * references by code (category, brand, warehouse…), a product by SKU, a VAT by its rate.
 */

export const IMPORT_RESOURCES = [
  'products',
  'variants',
  'attributes',
  'stock',
  'categories',
  'subcategories',
  'brands',
  'uoms',
  'attribute-tags',
  'customers',
  'customer-groups',
  'discount-rules',
  'campaign-rows',
  'price-list-rows',
  'coupons',
  'shipping-methods',
  'warehouses',
  'stock-movements',
] as const;
export type ImportResourceName = (typeof IMPORT_RESOURCES)[number];

export const ImportResourceParamSchema = z.object({ resource: z.enum(IMPORT_RESOURCES) });

/** GET /api/import-resources: each resource's columns, so a dialog can say what a file needs. */
export const ImportResourceInfoSchema = z.object({
  resource: z.enum(IMPORT_RESOURCES),
  /** The column that finds an existing row to update (a code, SKU, e-mail…), or several together. */
  key: z.array(z.string()),
  columns: z.array(z.object({ header: z.string(), required: z.boolean(), description: z.string() })),
});
export type ImportResourceInfo = z.infer<typeof ImportResourceInfoSchema>;

export const IMPORT_STATUSES = ['previewed', 'running', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** At most this many invalid cells are listed; `errors_total` counts them all. */
export const IMPORT_ERRORS_SHOWN = 500;

/** An invalid cell: the spreadsheet row (the header is row 1), the column header, the message. */
export const ImportCellErrorSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type ImportCellError = z.infer<typeof ImportCellErrorSchema>;

export const ImportSchema = z.object({
  id: z.number().int(),
  resource: z.enum(IMPORT_RESOURCES),
  filename: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Data rows in the file, valid and invalid. */
  total_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** Of the valid rows at preview: how many add a new row, how many update one found by its key. */
  to_create: z.number().int(),
  to_update: z.number().int(),
  errors: z.array(ImportCellErrorSchema),
  errors_total: z.number().int(),
  /** How the run was asked for: null before it. */
  skip_invalid: z.boolean().nullable(),
  progress: z.object({ processed: z.number().int(), total: z.number().int() }),
  /** After a completed run. */
  summary: z
    .object({ created: z.number().int(), updated: z.number().int(), skipped: z.number().int() })
    .nullable(),
  /** Why a run failed. */
  error: z.string().nullable(),
  /** A failed run that stopped for another reason than a bad row: running it again continues it. */
  resumable: z.boolean(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Import = z.infer<typeof ImportSchema>;

/** POST /api/imports/{id}/run: all or nothing (the default), or writing the valid rows only. */
export const ImportRunSchema = z.strictObject({ skip_invalid: z.boolean().default(false) });
export type ImportRun = z.input<typeof ImportRunSchema>;
