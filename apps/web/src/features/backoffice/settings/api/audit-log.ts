import type { AuditEntry, Page } from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/** The audit log (issue 17 point 7: GET /api/audit-log and its export). */
export const auditLogKeys = { list: ['bo', 'audit-log'] as const };

/** The list's search box is the user filter (an id or part of the e-mail); the other filters pass as they are. */
function filtersOf(params: ListParams) {
  return {
    user: params.q || undefined,
    entity: params.entity || undefined,
    entity_id: params.entity_id || undefined,
    action: params.action || undefined,
    date_from: params.date_from || undefined,
    date_to: params.date_to || undefined,
  };
}

export const listAuditLog = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<AuditEntry>>('/api/audit-log', {
    query: { page: params.page, per_page: params.per_page, ...filtersOf(params) },
    signal,
  });

/** GET /api/audit-log/export with the list's filters: the whole filtered log as .xlsx. */
export function auditLogExportUrl(params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersOf(params))) if (value) query.set(key, value);
  const search = query.toString();
  return `/api/audit-log/export${search ? `?${search}` : ''}`;
}
