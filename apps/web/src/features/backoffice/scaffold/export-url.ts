import type { ImportResourceName } from '@shop/domain';
import type { ListParams } from './use-list-params';

/** GET /api/exports/{resource} with the list's search, filters and sort (not its page: the export is whole). */
export function exportUrl(resource: ImportResourceName, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (key !== 'page' && key !== 'per_page' && value !== '') query.set(key, value);
  }
  const search = query.toString();
  return `/api/exports/${resource}${search ? `?${search}` : ''}`;
}
