import type { Page, Warehouse, WarehouseInput } from '@shop/domain';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';

/** The back office's warehouses (SPEC §7 GET, POST /api/warehouses; GET, PUT /api/warehouses/{id}). */
export const warehouseKeys = {
  list: ['bo', 'warehouses'] as const,
  detail: (id: string) => ['bo', 'warehouses', 'detail', id] as const,
};

/** The list's search box is the API's `text`; sort, direction and page pass as they are. */
export const listWarehouses = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<Warehouse>>('/api/warehouses', {
    query: {
      page: params.page,
      per_page: params.per_page,
      text: params.q,
      sort: params.sort,
      dir: params.dir,
    },
    signal,
  });

export const getWarehouse = (id: string, signal?: AbortSignal) =>
  api.get<Warehouse>(`/api/warehouses/${id}`, { signal });

export const saveWarehouse = (id: number | undefined, body: WarehouseInput) =>
  id ? api.put<Warehouse>(`/api/warehouses/${id}`, body) : api.post<Warehouse>('/api/warehouses', body);
