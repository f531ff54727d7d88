import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  IMPORT_ERRORS_SHOWN,
  type Import,
  type ImportCellError,
  type ImportResourceName,
  messages,
} from '@shop/domain';
import type { imports } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { forgetShopTerms } from '../cart/cart.service';
import { forgetAllPricing, forgetCatalogueReads } from '../products/products.service';
import type { ImportCtx, ImportResource, ScannedRowWrite } from './import-resource';
import type { ImportRuns } from './import-runs';
import { scan } from './import-scan';
import * as q from './imports.queries';
import { importResources } from './resources';
import { detectSheetKind, type SheetKind } from './spreadsheet';

/**
 * Excel/CSV imports (issue 3 item 7): upload → preview (every invalid cell by row and column) → run,
 * all or nothing in one transaction (or skipping the invalid rows), in the background with progress →
 * summary (created, updated by key, skipped).
 */

type Service = Pick<Ctx, 'db' | 'config' | 'now' | 'actor' | 'log'>;

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Previews never run are dropped (with their files) after a day. */
const PREVIEW_TTL_MS = 24 * 3600_000;

const importsDir = (ctx: Pick<Ctx, 'config'>) => path.join(ctx.config.dataDir, 'imports');
const refuse = (message: string) => ValidationError.field('file', message);

export function toImport(
  record: typeof imports.$inferSelect,
  progress?: { processed: number; total: number },
): Import {
  const done = record.status === 'completed';
  return {
    id: record.id,
    resource: record.resource,
    filename: record.filename,
    status: record.status,
    total_rows: record.totalRows,
    invalid_rows: record.invalidRows,
    to_create: record.toCreate,
    to_update: record.toUpdate,
    errors: record.errors,
    errors_total: record.errorsTotal,
    skip_invalid: record.skipInvalid,
    progress: progress ?? { processed: record.processed, total: record.totalRows },
    summary: done
      ? { created: record.created ?? 0, updated: record.updated ?? 0, skipped: record.skipped ?? 0 }
      : null,
    error: record.error,
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
  };
}

/** Reading failures of a file that is not a sound sheet are 422s; our own 422s pass through. */
function asSheetError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  return refuse(messages.importNotSpreadsheet);
}

/** Stores the upload, then reads it once: the preview's counts and first invalid cells. */
export async function createImport(
  ctx: Service,
  resourceName: ImportResourceName,
  upload: { filename: string; file: Readable & { truncated?: boolean } },
): Promise<Import> {
  const resource = importResources[resourceName];
  await mkdir(importsDir(ctx), { recursive: true });
  await dropStalePreviews(ctx);
  const base = randomBytes(12).toString('hex');
  const uploadPath = path.join(importsDir(ctx), `${base}.upload`);
  let storedPath: string | null = null;
  try {
    await pipeline(upload.file, createWriteStream(uploadPath));
    if (upload.file.truncated) {
      throw refuse(messages.importTooLarge.replace(':megabytes', String(IMPORT_MAX_BYTES / 1024 / 1024)));
    }
    const kind = await detectSheetKind(uploadPath);
    if (!kind) throw refuse(messages.importNotSpreadsheet);
    const storedFile = `${base}.${kind}`;
    storedPath = path.join(importsDir(ctx), storedFile);
    await rename(uploadPath, storedPath);
    const preview = await previewFile(ctx, resource, storedPath, kind);
    const record = await q.insertImport(ctx.db, {
      resource: resourceName,
      filename: upload.filename.slice(0, 255),
      storedFile,
      status: 'previewed',
      userId: ctx.actor?.userId ?? null,
      ...preview,
    });
    return toImport(record);
  } catch (error) {
    await rm(uploadPath, { force: true });
    if (storedPath) await rm(storedPath, { force: true });
    throw asSheetError(error);
  }
}

async function previewFile(ctx: Service, resource: ImportResource, filePath: string, kind: SheetKind) {
  const { batches } = await scan(ctx.db, resource, filePath, kind);
  const errors: ImportCellError[] = [];
  let totalRows = 0;
  let invalidRows = 0;
  let errorsTotal = 0;
  let toCreate = 0;
  let toUpdate = 0;
  for await (const batch of batches) {
    for (const r of batch) {
      totalRows += 1;
      if (r.problems.length > 0) {
        invalidRows += 1;
        errorsTotal += r.problems.length;
        for (const p of r.problems) {
          if (errors.length < IMPORT_ERRORS_SHOWN)
            errors.push({ row: r.number, column: p.column, message: p.message });
        }
      } else if (r.isNew) {
        toCreate += 1;
      } else {
        toUpdate += 1;
      }
    }
  }
  return { totalRows, invalidRows, errors, errorsTotal, toCreate, toUpdate };
}

/** Previews older than a day lose their file and can no longer run. */
async function dropStalePreviews(ctx: Service) {
  const stale = await q.listStalePreviews(ctx.db, new Date(ctx.now().getTime() - PREVIEW_TTL_MS));
  for (const record of stale) {
    await rm(path.join(importsDir(ctx), record.storedFile), { force: true });
    await q.updateImport(ctx.db, record.id, {
      status: 'failed',
      error: messages.importExpired,
      finishedAt: ctx.now(),
    });
  }
}

export async function getImport(ctx: Pick<Ctx, 'db'>, runs: ImportRuns, id: number): Promise<Import> {
  const record = await q.findImport(ctx.db, id);
  if (!record) throw new NotFoundError();
  return toImport(record, record.status === 'running' ? runs.progressOf(id) : undefined);
}

/** A row that stops an all-or-nothing run. */
class RowProblem extends Error {}

/**
 * POST /api/imports/{id}/run: starts the run in the background and answers at once (status running).
 * All or nothing unless `skipInvalid`; a preview with invalid rows needs `skipInvalid` (422).
 */
export async function runImport(
  ctx: Service,
  runs: ImportRuns,
  id: number,
  skipInvalid: boolean,
): Promise<Import> {
  const record = await q.findImport(ctx.db, id);
  if (!record) throw new NotFoundError();
  if (record.status !== 'previewed') throw new ConflictError(messages.importAlreadyStarted);
  if (record.invalidRows > 0 && !skipInvalid)
    throw ValidationError.field('skip_invalid', messages.importHasInvalidRows);
  // The claimed record answers the request: on PGlite the run's transaction holds the one connection.
  const claimed = await q.claimImport(ctx.db, id, { skipInvalid, startedAt: ctx.now(), processed: 0 });
  if (!claimed) throw new ConflictError(messages.importAlreadyStarted);
  const resource = importResources[record.resource];
  const filePath = path.join(importsDir(ctx), record.storedFile);
  const kind = record.storedFile.endsWith('.csv') ? 'csv' : 'xlsx';
  runs.start(id, record.totalRows, async (progress) => {
    try {
      const summary = await inTransaction(ctx, (tx) =>
        writeAll({ ...tx, importId: id }, resource, filePath, kind, skipInvalid, progress),
      );
      await q.updateImport(ctx.db, id, { status: 'completed', ...summary, finishedAt: ctx.now() });
      forgetCachedReads(ctx, record.resource);
    } catch (error) {
      const message = error instanceof RowProblem ? error.message : messages.importInterrupted;
      if (!(error instanceof RowProblem)) ctx.log.error({ err: error, importId: id }, 'import failed');
      await q
        .updateImport(ctx.db, id, { status: 'failed', error: message, finishedAt: ctx.now() })
        .catch(() => {});
    } finally {
      await rm(filePath, { force: true });
    }
  });
  return toImport(claimed, { processed: 0, total: claimed.totalRows });
}

/** Lists whose rows the storefront's catalogue pages show (cached per instance a few seconds). */
const CATALOGUE: readonly ImportResourceName[] = [
  'products',
  'variants',
  'attributes',
  'stock',
  'stock-movements',
  'campaign-rows',
];
/** Lists that change what a customer pays: their group's rules, their group, their base discount. */
const PRICING: readonly ImportResourceName[] = ['discount-rules', 'customer-groups', 'customers'];

/**
 * After a run has committed, drops this instance's cached reads of what it wrote, as the API's writes
 * of the same data do, so the storefront shows it on the next request (other instances follow within
 * their caches' few seconds).
 */
function forgetCachedReads(ctx: Service, resource: ImportResourceName) {
  if (CATALOGUE.includes(resource)) forgetCatalogueReads(ctx.db);
  if (PRICING.includes(resource)) forgetAllPricing(ctx.db);
  if (resource === 'shipping-methods') forgetShopTerms(ctx);
}

async function writeAll(
  ctx: ImportCtx,
  resource: ImportResource,
  filePath: string,
  kind: SheetKind,
  skipInvalid: boolean,
  progress: (processed: number) => void,
) {
  const { batches } = await scan(ctx.db, resource, filePath, kind);
  const keyNames = resource.columns.filter((c) => c.key).map((c) => c.to!);
  let processed = 0;
  let created = 0;
  let updated = 0;
  let skipped = 0;
  for await (const batch of batches) {
    const valid: ScannedRowWrite[] = [];
    for (const r of batch) {
      const problem = r.problems[0];
      if (!problem) valid.push(r);
      else if (skipInvalid) skipped += 1;
      else {
        throw new RowProblem(
          messages.importRowProblem
            .replace(':row', String(r.number))
            .replace(':column', problem.column)
            .replace(':message', problem.message),
        );
      }
    }
    if (resource.write) {
      await resource.write(ctx, valid);
    } else {
      await q.insertRows(
        ctx.db,
        resource.table,
        valid.filter((r) => r.isNew).map((r) => r.values),
      );
      const old = valid.filter((r) => !r.isNew).map((r) => r.values);
      await q.updateRows(ctx.db, resource.table, keyNames, Object.keys(old[0] ?? {}), old);
    }
    created += valid.filter((r) => r.isNew).length;
    updated += valid.filter((r) => !r.isNew).length;
    processed += batch.length;
    progress(processed);
  }
  return { created, updated, skipped, processed };
}
