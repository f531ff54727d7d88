import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type Import, type ImportResourceName, messages } from '@shop/domain';
import type { imports } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { forgetShopTerms } from '../cart/cart.service';
import { forgetAllPricing, forgetCatalogueReads } from '../products/products.service';
import type { ImportCtx, ImportResource, ScannedRowWrite } from './import-resource';
import type { ImportRuns } from './import-runs';
import { openFile, type ScannedRow, scan } from './import-scan';
import * as q from './imports.queries';
import { importsDir, toImport } from './imports.service';
import { importResources } from './resources';
import type { SheetKind } from './spreadsheet';

/**
 * An import's run (issue 3 item 7; issue 15 items 5 and 6), in the background within the process.
 * All or nothing: before any write a read-only pass checks the whole file, so a bad row fails the run
 * with nothing written (skipped when the staff skip invalid rows). Then the file is applied a batch at
 * a time, each batch checked and written with the run's progress in one short transaction, so on
 * PGlite's one connection other requests are answered between batches. A run that stops for another
 * reason (a process killed, the database gone) is failed as interrupted and, run again, continues from
 * its first batch not committed: the file is applied once, wholly (docs/decisions.md).
 */

type Service = Pick<Ctx, 'db' | 'config' | 'now' | 'actor' | 'log'>;

/** A running import whose heartbeat is older than this was left by a process that died. */
const STALE_RUN_MS = 2 * 60_000;
/**
 * Beats besides each batch: under a flood of requests a batch can wait long for PGlite's connection,
 * while a single statement still gets through in moments.
 */
const HEARTBEAT_MS = 20_000;

/** A row that stops an all-or-nothing run. */
class RowProblem extends Error {}
/** The run no longer holds its import: marked interrupted meanwhile, or continued by another run. */
class LostRun extends Error {}
/** The app is closing: the run stops between batches, to be continued. */
class Stopping extends Error {}

type Counts = { processed: number; created: number; updated: number; skipped: number };

type Run = {
  ctx: Service;
  runs: ImportRuns;
  id: number;
  resource: ImportResource;
  filePath: string;
  kind: SheetKind;
  skipInvalid: boolean;
  /** What the committed batches have applied. */
  done: Counts;
};

/** GET /api/imports/{id}: the import, its progress as its committed batches record it. */
export async function getImport(ctx: Service, id: number): Promise<Import> {
  await recoverInterruptedImports(ctx);
  const record = await q.findImport(ctx.db, id);
  if (!record) throw new NotFoundError();
  return toImport(record);
}

/** GET /api/imports?resource=: a list's interrupted runs, to be continued (the import dialog offers them). */
export async function listResumableImports(ctx: Service, resource: ImportResourceName): Promise<Import[]> {
  await recoverInterruptedImports(ctx);
  return (await q.listResumableImports(ctx.db, resource)).map((record) => toImport(record));
}

/**
 * Fails, with a reason and to be run again, the runs a process that died left 'running': their
 * heartbeat is minutes old. A live run of another instance sharing the database beats at each batch,
 * so it is left alone. Checked at start-up and whenever an import is read.
 */
export async function recoverInterruptedImports(ctx: Pick<Ctx, 'db' | 'now' | 'log'>) {
  const ids = await q.failStaleRuns(ctx.db, new Date(ctx.now().getTime() - STALE_RUN_MS), {
    error: messages.importInterrupted,
    finishedAt: ctx.now(),
  });
  if (ids.length > 0) ctx.log.warn({ importIds: ids }, 'imports left running by a stopped process');
}

/**
 * POST /api/imports/{id}/run: starts the run in the background and answers at once (status running).
 * All or nothing unless `skipInvalid`; a preview with invalid rows needs `skipInvalid` (422). An
 * interrupted run continues where it stopped, with the choice of skipping made when it started.
 */
export async function runImport(
  ctx: Service,
  runs: ImportRuns,
  id: number,
  skipInvalid: boolean,
): Promise<Import> {
  const record = await q.findImport(ctx.db, id);
  if (!record) throw new NotFoundError();
  const resume = record.status === 'failed' && record.resumable;
  if (record.status !== 'previewed' && !resume) throw new ConflictError(messages.importAlreadyStarted);
  if (!resume && record.invalidRows > 0 && !skipInvalid)
    throw ValidationError.field('skip_invalid', messages.importHasInvalidRows);
  const done: Counts = resume
    ? {
        processed: record.processed,
        created: record.created ?? 0,
        updated: record.updated ?? 0,
        skipped: record.skipped ?? 0,
      }
    : { processed: 0, created: 0, updated: 0, skipped: 0 };
  const claimed = await q.claimImport(ctx.db, id, resume, {
    ...done,
    skipInvalid: resume ? record.skipInvalid : skipInvalid,
    heartbeatAt: ctx.now(),
    ...(resume ? {} : { startedAt: ctx.now() }),
  });
  if (!claimed) throw new ConflictError(messages.importAlreadyStarted);
  runs.start(() => runInBackground(ctx, runs, claimed, done));
  return toImport(claimed);
}

async function runInBackground(
  ctx: Service,
  runs: ImportRuns,
  record: typeof imports.$inferSelect,
  done: Counts,
) {
  const run: Run = {
    ctx,
    runs,
    id: record.id,
    resource: importResources[record.resource],
    filePath: path.join(importsDir(ctx), record.storedFile),
    kind: record.storedFile.endsWith('.csv') ? 'csv' : 'xlsx',
    skipInvalid: record.skipInvalid ?? false,
    done,
  };
  // The file stays while the run can be continued (or another run continues it).
  let keepFile = false;
  const heartbeat = setInterval(() => {
    q.updateRun(ctx.db, run.id, run.done.processed, { heartbeatAt: ctx.now() }).catch(() => {});
  }, HEARTBEAT_MS);
  try {
    if (!run.skipInvalid) await checkAll(run);
    await applyAll(run);
    if (
      !(await q.updateRun(ctx.db, run.id, run.done.processed, { status: 'completed', finishedAt: ctx.now() }))
    )
      throw new LostRun();
  } catch (error) {
    keepFile = !(error instanceof RowProblem);
    if (!(error instanceof LostRun)) {
      if (keepFile && !(error instanceof Stopping))
        ctx.log.error({ err: error, importId: run.id }, 'import interrupted');
      await q
        .updateRun(ctx.db, run.id, run.done.processed, {
          status: 'failed',
          resumable: keepFile,
          error: error instanceof RowProblem ? error.message : messages.importInterrupted,
          finishedAt: ctx.now(),
        })
        .catch(() => {});
    }
  } finally {
    clearInterval(heartbeat);
    if (run.done.processed > done.processed) forgetCachedReads(ctx, record.resource);
    if (!keepFile) await rm(run.filePath, { force: true });
  }
}

const rowProblem = (r: ScannedRow) => {
  const problem = r.problems[0]!;
  return new RowProblem(
    messages.importRowProblem
      .replace(':row', String(r.number))
      .replace(':column', problem.column)
      .replace(':message', problem.message),
  );
};

/** Lets the connection and the event loop serve others between batches; stops when the app closes. */
async function pause(run: Run) {
  await new Promise(setImmediate);
  if (run.runs.stopping) throw new Stopping();
}

/** The read-only pass of an all-or-nothing run: its first bad row fails the run before any write. */
async function checkAll(run: Run) {
  const { batches } = await scan(run.ctx.db, run.resource, run.filePath, run.kind, run.done.processed);
  for await (const batch of batches) {
    const bad = batch.find((r) => r.problems.length > 0);
    if (bad) throw rowProblem(bad);
    if (!(await q.updateRun(run.ctx.db, run.id, run.done.processed, { heartbeatAt: run.ctx.now() })))
      throw new LostRun();
    await pause(run);
  }
}

/**
 * Applies the batches not yet committed, each checked again and written in its own transaction with
 * the run's progress and heartbeat; the batches committed before are read for their keys only.
 */
async function applyAll(run: Run) {
  const { ctx, id } = run;
  const file = await openFile(run.resource, run.filePath, run.kind);
  let read = 0;
  for await (const batch of file.batches) {
    const applied = read < run.done.processed;
    read += batch.length;
    if (applied) {
      await file.checker.markKeys(ctx.db, batch);
      continue;
    }
    run.done = await inTransaction(ctx, async (tx) => {
      // The database, holding the batches committed before, is the context of this batch's checks.
      const rows = await file.checker.check(tx.db, batch, true);
      const counts = await writeBatch({ ...tx, importId: id }, run, rows);
      const next = {
        processed: run.done.processed + counts.processed,
        created: run.done.created + counts.created,
        updated: run.done.updated + counts.updated,
        skipped: run.done.skipped + counts.skipped,
      };
      if (!(await q.updateRun(tx.db, id, run.done.processed, { ...next, heartbeatAt: ctx.now() })))
        throw new LostRun();
      return next;
    });
    await pause(run);
  }
}

/** Writes a batch's valid rows; an invalid one fails an all-or-nothing run (its batch rolls back). */
async function writeBatch(ctx: ImportCtx, run: Run, batch: ScannedRow[]): Promise<Counts> {
  const { resource } = run;
  const valid: ScannedRowWrite[] = [];
  for (const r of batch) {
    if (r.problems.length === 0) valid.push(r);
    else if (!run.skipInvalid) throw rowProblem(r);
  }
  if (resource.write) {
    await resource.write(ctx, valid);
  } else {
    const keyNames = resource.columns.filter((c) => c.key).map((c) => c.to!);
    await q.insertRows(
      ctx.db,
      resource.table,
      valid.filter((r) => r.isNew).map((r) => r.values),
    );
    const old = valid.filter((r) => !r.isNew).map((r) => r.values);
    await q.updateRows(ctx.db, resource.table, keyNames, Object.keys(old[0] ?? {}), old);
  }
  const created = valid.filter((r) => r.isNew).length;
  return {
    processed: batch.length,
    created,
    updated: valid.length - created,
    skipped: batch.length - valid.length,
  };
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
 * After a run has committed batches, drops this instance's cached reads of what it wrote, as the API's
 * writes of the same data do, so the storefront shows it on the next request (other instances follow
 * within their caches' few seconds).
 */
function forgetCachedReads(ctx: Service, resource: ImportResourceName) {
  if (CATALOGUE.includes(resource)) forgetCatalogueReads(ctx.db);
  if (PRICING.includes(resource)) forgetAllPricing(ctx.db);
  if (resource === 'shipping-methods') forgetShopTerms(ctx);
}
