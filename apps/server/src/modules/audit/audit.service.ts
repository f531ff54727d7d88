import type { Writable } from 'node:stream';
import type {
  AUDIT_ACCOUNT_ACTIONS,
  AuditAction,
  AuditEntry as AuditEntryDto,
  AuditLogExportQuery,
  AuditLogQuery,
  Page,
} from '@shop/domain';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../lib/context';
import * as q from './audit.queries';

/** What the audit log records besides back-office writes (issue 17 point 7; the list is the domain's). */
export type AccountAction = (typeof AUDIT_ACCOUNT_ACTIONS)[number];

export type AuditEntry = {
  /** An account event, or a back-office write: create, update, delete or a named action. */
  action: AuditAction;
  /**
   * Who acted; defaults to the request's actor, or to the staff member when he is signed in as a
   * customer's user (issue 19 point 5). A failed sign-in names the e-mail tried.
   */
  user?: { id: number | null; email: string | null };
  /** The customer's user a staff member acted as; defaults to the actor when he is signed in as him. */
  subject?: { id: number; email: string };
  entity?: string;
  entityId?: string | number;
  changes?: Record<string, { from?: unknown; to: unknown }>;
  /** Defaults to the request's client address. */
  ip?: string | null;
};

/**
 * Appends one entry to the audit log. Call it inside the transaction of the change it records, so
 * the trail and the change commit or roll back together.
 */
export async function recordAudit(
  ctx: Pick<Ctx, 'db' | 'actor' | 'now' | 'ip'>,
  entry: AuditEntry,
): Promise<void> {
  const actor = ctx.actor;
  const staff = actor?.impersonator;
  const user =
    entry.user ??
    (staff
      ? { id: staff.userId, email: staff.email }
      : { id: actor?.userId ?? null, email: actor?.email ?? null });
  const subject = entry.subject ?? (staff && actor ? { id: actor.userId, email: actor.email } : null);
  await q.insertAuditEntry(ctx.db, {
    at: ctx.now(),
    userId: user.id,
    userEmail: user.email,
    subjectUserId: subject?.id ?? null,
    subjectEmail: subject?.email ?? null,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    changes: (entry.changes as Record<string, { from: unknown; to: unknown }>) ?? null,
    ip: entry.ip ?? ctx.ip ?? null,
  });
}

type Reader = Pick<Ctx, 'db'>;

function toDto(row: q.AuditRecord): AuditEntryDto {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user_id: row.userId,
    user_email: row.userEmail,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    changes: row.changes,
    ip: row.ip,
    subject_email: row.subjectEmail,
  };
}

const filterOf = (query: AuditLogExportQuery): q.AuditFilter => ({
  user: query.user || undefined,
  entity: query.entity || undefined,
  entityId: query.entity_id || undefined,
  action: query.action || undefined,
  dateFrom: query.date_from,
  dateTo: query.date_to,
});

/** GET /api/audit-log: newest first, filtered by user (id or part of the e-mail), entity, id, action and dates. */
export async function listAuditLog(ctx: Reader, query: AuditLogQuery): Promise<Page<AuditEntryDto>> {
  const { rows, total } = await q.listAuditEntries(ctx.db, filterOf(query), {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(toDto), meta: { total, page: query.page, per_page: query.per_page } };
}

/** One line per changed field in the export's cell: `field: from → to`, or `field: to` for an action's input. */
export function changesText(changes: AuditEntryDto['changes']): string {
  const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return Object.entries(changes ?? {})
    .map(([field, c]: [string, { from?: unknown; to: unknown }]) =>
      'from' in c ? `${field}: ${show(c.from)} → ${show(c.to)}` : `${field}: ${show(c.to)}`,
    )
    .join('\n');
}

const EXPORT_BATCH = 1000;
const EXPORT_COLUMNS = [
  'at',
  'user_id',
  'user_email',
  'action',
  'entity',
  'entity_id',
  'changes',
  'ip',
  'subject_email',
] as const;

/** GET /api/audit-log/export: the filtered log as .xlsx, newest first, streamed a batch at a time into `out`. */
export async function exportAuditLog(ctx: Reader, query: AuditLogExportQuery, out: Writable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('audit-log');
  sheet.addRow([...EXPORT_COLUMNS]).commit();
  let beforeId: number | null = null;
  for (;;) {
    const rows = await q.listAuditEntriesBefore(ctx.db, filterOf(query), beforeId, EXPORT_BATCH);
    for (const row of rows) {
      const dto = toDto(row);
      sheet
        .addRow(
          EXPORT_COLUMNS.map((column) => (column === 'changes' ? changesText(dto.changes) : dto[column])),
        )
        .commit();
    }
    if (rows.length < EXPORT_BATCH) break;
    beforeId = rows.at(-1)!.id;
  }
  sheet.commit();
  await workbook.commit();
}
