import type { Page, StockMovementInput, StockMovementResult, WarehouseTransaction } from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import type { ListParams } from '../../scaffold/use-list-params';
import { listWarehouses, warehouseKeys } from './warehouses';

/** Warehouse transactions (SPEC §7 GET /api/warehouse-transactions[/{id}]) and recording a movement. */
export const warehouseTransactionKeys = {
  list: ['bo', 'warehouse-transactions'] as const,
  detail: (id: string) => ['bo', 'warehouse-transactions', 'detail', id] as const,
};

/** The list's search box is the SKU filter; the warehouse filter and the page pass as they are. */
function filtersOf(params: ListParams) {
  return { sku: params.q || undefined, warehouse: params.warehouse || undefined };
}

export const listWarehouseTransactions = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<WarehouseTransaction>>('/api/warehouse-transactions', {
    query: { page: params.page, per_page: params.per_page, ...filtersOf(params) },
    signal,
  });

/** GET /api/warehouse-transactions/export with the list's filters: the whole filtered list as .xlsx. */
export function warehouseTransactionsExportUrl(params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersOf(params))) if (value) query.set(key, value);
  const search = query.toString();
  return `/api/warehouse-transactions/export${search ? `?${search}` : ''}`;
}

export const getWarehouseTransaction = (id: string, signal?: AbortSignal) =>
  api.get<WarehouseTransaction>(`/api/warehouse-transactions/${encodeURIComponent(id)}`, { signal });

export const recordStockMovement = (body: StockMovementInput) =>
  api.post<StockMovementResult>('/api/warehouse-transactions', body);

/** The warehouses as choices: by id for forms, or by code for the list's filter. */
export function useWarehouseChoices(by: 'id' | 'code' = 'id') {
  const { data } = useQuery({
    queryKey: [...warehouseKeys.list, 'choices'],
    queryFn: ({ signal }) => listWarehouses({ page: '1', per_page: '100' }, signal),
    staleTime: 60_000,
  });
  return (data?.data ?? []).map((w) => ({
    value: by === 'id' ? String(w.id) : w.code,
    label: `${w.code} – ${w.description}`,
  }));
}
