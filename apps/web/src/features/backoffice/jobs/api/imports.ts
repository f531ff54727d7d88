import type { Import, ImportResourceName, ImportRun } from '@shop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { uploadWithProgress } from '../../catalogue/api/upload';

/** GET /api/imports/{resource}/template: the .xlsx with the header row (a download link). */
export const importTemplateUrl = (resource: ImportResourceName) => `/api/imports/${resource}/template`;

/** POST /api/imports/{resource} (multipart `file`): answers the preview. */
export function uploadImport(
  resource: ImportResourceName,
  file: File,
  onProgress: (fraction: number) => void,
) {
  const data = new FormData();
  data.append('file', file);
  return uploadWithProgress<Import>(`/api/imports/${resource}`, data, onProgress);
}

/** POST /api/imports/{id}/run: all or nothing, or the valid rows only. */
export function runImport(id: number, body: ImportRun) {
  return api.post<Import>(`/api/imports/${id}/run`, body);
}

/** GET /api/imports/{id}: polled while the import runs. */
export function importQueryOptions(id: number | undefined, polling: boolean) {
  return queryOptions({
    queryKey: ['imports', id],
    queryFn: ({ signal }) => api.get<Import>(`/api/imports/${id}`, { signal }),
    enabled: id !== undefined && polling,
    refetchInterval: polling ? 500 : false,
    staleTime: 0,
  });
}

export function useImportProgress(id: number | undefined, polling: boolean) {
  return useQuery(importQueryOptions(id, polling));
}

/**
 * GET /api/imports?resource=: the list's interrupted imports, which running again continues. Silent:
 * the dialog works without this notice when it cannot be loaded.
 */
export function useResumableImports(resource: ImportResourceName, enabled: boolean) {
  return useQuery({
    queryKey: ['imports', 'resumable', resource],
    queryFn: ({ signal }) =>
      api.get<{ data: Import[] }>('/api/imports', { signal, query: { resource }, silent: true }),
    enabled,
    staleTime: 0,
  });
}
