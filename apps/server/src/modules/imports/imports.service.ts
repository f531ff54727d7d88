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
import { ValidationError } from '../../lib/errors';
import { importLimits, type SheetLimits, tooLarge } from '../../lib/sheet-guard';
import type { ImportResource } from './import-resource';
import { scan } from './import-scan';
import * as q from './imports.queries';
import { importResources } from './resources';
import { detectSheetKind, type SheetKind, SheetReadError } from './spreadsheet';

/**
 * Excel/CSV imports (issue 3 item 7): upload → preview (every invalid cell by row and column) → run
 * (import-run.service.ts), all or nothing (or skipping the invalid rows), in the background with
 * progress → summary (created, updated by key, skipped).
 */

type Service = Pick<Ctx, 'db' | 'config' | 'now' | 'actor' | 'log'>;

/** Previews never run are dropped (with their files) after a day. */
const PREVIEW_TTL_MS = 24 * 3600_000;

export const importsDir = (ctx: Pick<Ctx, 'config'>) => path.join(ctx.config.dataDir, 'imports');
const refuse = (message: string) => ValidationError.field('file', message);

export function toImport(record: typeof imports.$inferSelect): Import {
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
    progress: { processed: record.processed, total: record.totalRows },
    summary: done
      ? { created: record.created ?? 0, updated: record.updated ?? 0, skipped: record.skipped ?? 0 }
      : null,
    error: record.error,
    resumable: record.status === 'failed' && record.resumable,
    created_at: record.createdAt.toISOString(),
    finished_at: record.finishedAt?.toISOString() ?? null,
  };
}

/**
 * A file the zip, workbook or CSV reader could not read is a 422; anything else (our own 422s, a
 * database failure) passes through as itself.
 */
function asSheetError(error: unknown): unknown {
  return error instanceof SheetReadError ? refuse(messages.importNotSpreadsheet) : error;
}

/**
 * Stores the upload and previews it in one read bounded by the upload limits (config.uploads.imports,
 * issue 15): the counts and first invalid cells.
 */
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
    const limits = importLimits(ctx.config.uploads);
    if (upload.file.truncated) throw tooLarge.bytes(limits);
    const kind = await detectSheetKind(uploadPath);
    if (!kind) throw refuse(messages.importNotSpreadsheet);
    const storedFile = `${base}.${kind}`;
    storedPath = path.join(importsDir(ctx), storedFile);
    await rename(uploadPath, storedPath);
    const preview = await previewFile(ctx, resource, storedPath, kind, limits);
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

async function previewFile(
  ctx: Service,
  resource: ImportResource,
  filePath: string,
  kind: SheetKind,
  limits: SheetLimits,
) {
  const { batches } = await scan(ctx.db, resource, filePath, kind, 0, limits);
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
