import type { Readable } from 'node:stream';
import {
  type EInvoice,
  type EInvoiceExportQuery,
  type EInvoiceListQuery,
  type EInvoiceSendInput,
  type EInvoiceSendResult,
  type EInvoiceState,
  eInvoiceMessages,
  fillMessage,
  MAX_ID,
  type Page,
} from '@shop/domain';
import archiver from 'archiver';
import type { Ctx } from '../../lib/context';
import { BusinessRuleError, ConflictError, NotFoundError, UnauthenticatedError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { rebuildEInvoice } from './e-invoice-generation.service';
import * as q from './e-invoices.queries';
import { configuredSdiChannel } from './sdi-channel';

/**
 * The FatturaPA files once generated (issue 21 points 3 and 4): downloaded beside the PDF, listed and
 * exported by period for the accountant's intermediary, regenerated after the data is fixed, and handed
 * to the SDI channel by staff (no scheduled sending: staff first see what is held or warned about).
 */

type Reader = Pick<Ctx, 'db' | 'actor'>;

/** Which states a file can be rebuilt from: never sent (held, generated), or refused by the SDI. */
const REGENERABLE: readonly EInvoiceState[] = ['held', 'generated', 'rejected'];

/**
 * GET /api/documents/{id}/xml: the file of an invoice or credit note, with the same access as its PDF
 * (a customer his own, 404 otherwise; staff any). A delivery note has none: 404.
 */
export async function documentXml(ctx: Reader, ref: string): Promise<{ fileName: string; xml: string }> {
  const actor = ctx.actor;
  if (!actor) throw new UnauthenticatedError();
  const byId = /^\d+$/.test(ref);
  if (byId && Number(ref) > MAX_ID) throw new NotFoundError();
  const documentId = byId ? Number(ref) : await q.findDocumentIdByNumber(ctx.db, ref.toUpperCase());
  const file = documentId === undefined ? undefined : await q.findDocumentFile(ctx.db, documentId);
  if (!file || (!actor.isSuperAdmin && file.customerId !== actor.customerId)) throw new NotFoundError();
  return { fileName: file.fileName, xml: file.xml };
}

/** The state of each document's file, for the lists that show documents (the order's page). */
export async function eInvoiceStates(ctx: Pick<Ctx, 'db'>, documentIds: number[]) {
  const rows = await q.listStates(ctx.db, documentIds);
  return new Map(rows.map((r) => [r.documentId, r.state]));
}

type ListRow = Awaited<ReturnType<typeof q.listEInvoices>>['rows'][number];

function toEInvoice(row: ListRow): EInvoice {
  const { eInvoice: e, document: d, customer: c } = row;
  const person = [c.firstname, c.lastname].filter(Boolean).join(' ');
  return {
    id: e.id,
    file_name: e.fileName,
    state: e.state,
    errors: e.errors,
    warnings: e.warnings,
    document: { id: d.id, type: d.type, number: d.number, date: d.date, total: d.amount + d.vat },
    order_no: row.orderNo,
    customer: { id: c.id, name: (c.type === 'G' ? c.company : null) || person || c.company || c.email },
    sdi_id: e.sdiId,
    sent_at: e.sentAt?.toISOString() ?? null,
    notified_at: e.notifiedAt?.toISOString() ?? null,
  };
}

/** GET /api/backoffice/e-invoices: a page of the period's files (by document date), newest first. */
export async function listEInvoices(ctx: Pick<Ctx, 'db'>, query: EInvoiceListQuery): Promise<Page<EInvoice>> {
  const { page, per_page, ...filter } = query;
  const { rows, total } = await q.listEInvoices(ctx.db, filter, {
    limit: per_page,
    offset: (page - 1) * per_page,
  });
  return { data: rows.map(toEInvoice), meta: { total, page, per_page } };
}

/**
 * GET /api/backoffice/e-invoices/export: the period's files in one .zip, each under its SDI name, for
 * the accountant's intermediary; 422 when the period has none.
 */
export async function exportEInvoices(
  ctx: Pick<Ctx, 'db'>,
  query: EInvoiceExportQuery,
): Promise<{ fileName: string; zip: Readable }> {
  const files = await q.listEInvoiceFiles(ctx.db, query);
  if (files.length === 0) throw new BusinessRuleError(eInvoiceMessages.exportEmpty);
  const zip = archiver('zip', { zlib: { level: 9 } });
  for (const file of files) zip.append(file.xml, { name: file.fileName });
  void zip.finalize();
  const state = query.state ? `_${query.state}` : '';
  return { fileName: `e-invoices_${query.from}_${query.to}${state}.zip`, zip };
}

/** POST /api/backoffice/e-invoices/{id}/regenerate: 404 unknown, 409 once sent (and not rejected). */
export async function regenerateEInvoice(ctx: Pick<Ctx, 'db'>, id: number): Promise<EInvoice> {
  await inTransaction(ctx, async (tx) => {
    const file = await q.lockEInvoice(tx.db, { id });
    if (!file) throw new NotFoundError();
    if (!REGENERABLE.includes(file.state))
      throw new ConflictError(fillMessage(eInvoiceMessages.notRegenerable, { state: file.state }));
    if (!(await rebuildEInvoice(tx, file))) throw new NotFoundError();
  });
  return findEInvoice(ctx, id);
}

async function findEInvoice(ctx: Pick<Ctx, 'db'>, id: number): Promise<EInvoice> {
  const row = await q.findEInvoiceRow(ctx.db, id);
  if (!row) throw new NotFoundError();
  return toEInvoice(row);
}

/**
 * POST /api/backoffice/e-invoices/send: every 'generated' file (or those of `ids`) handed to the SDI
 * channel, each in its own transaction that keeps it locked meanwhile, so two staff sending at once
 * never hand the same file twice; a file the channel refuses stays 'generated' and is reported.
 * 422 while SDI_CHANNEL is off.
 */
export async function sendEInvoices(
  ctx: Pick<Ctx, 'db' | 'config' | 'now'>,
  input: EInvoiceSendInput,
): Promise<EInvoiceSendResult> {
  const channel = configuredSdiChannel(ctx.config);
  if (!channel) throw new BusinessRuleError(eInvoiceMessages.sdiOff);
  const result: EInvoiceSendResult = { sent: 0, failed: [] };
  for (const id of await q.listGeneratedIds(ctx.db, input.ids)) {
    await inTransaction(ctx, async (tx) => {
      const file = await q.lockGeneratedEInvoice(tx.db, id);
      if (!file) return;
      try {
        const { sdiId } = await channel.send({ fileName: file.fileName, xml: file.xml });
        await q.updateEInvoice(tx.db, file.id, { state: 'sent', sentAt: tx.now(), sdiId });
        result.sent += 1;
      } catch (error) {
        result.failed.push({
          file_name: file.fileName,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    });
  }
  return result;
}
