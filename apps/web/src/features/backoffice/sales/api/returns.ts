import type {
  BackofficeReturnDetail,
  BackofficeReturnListItem,
  Page,
  ReceiveReturnRequest,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query-client';
import type { ListParams } from '../../scaffold/use-list-params';

/** Returns in the back office (issue 21 point 5): the list, one return, its photos and its steps. */
export const returnKeys = {
  list: ['bo', 'returns'] as const,
  detail: (id: string) => ['bo', 'return', id] as const,
  ofOrder: (orderNo: string) => ['bo', 'returns', 'order', orderNo] as const,
};

const FILTERS = ['q', 'status', 'order_no'];

export const listReturns = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<BackofficeReturnListItem>>('/api/backoffice/returns', {
    query: Object.fromEntries(
      ['page', 'per_page', ...FILTERS].filter((k) => params[k]).map((k) => [k, params[k]]),
    ),
    signal,
  });

export const getReturn = (id: string, signal?: AbortSignal) =>
  api.get<BackofficeReturnDetail>(`/api/backoffice/returns/${encodeURIComponent(id)}`, { signal });

/** The returns of one order, for its page. */
export function useOrderReturnsList(orderNo: string) {
  return useQuery({
    queryKey: returnKeys.ofOrder(orderNo),
    queryFn: ({ signal }) => listReturns({ order_no: orderNo, per_page: '100' }, signal),
  });
}

/** Where a photo is read from: a staff-only route, sent with the session cookie. */
export const returnPhotoUrl = (id: number, name: string) =>
  `/api/backoffice/returns/${id}/photos/${encodeURIComponent(name)}`;

export type ReturnAction =
  | { kind: 'authorise'; instructions: string }
  | { kind: 'refuse'; note: string }
  | { kind: 'cancel'; note: string }
  | { kind: 'receive'; body: ReceiveReturnRequest }
  | { kind: 'credit' }
  | { kind: 'refund' };

function bodyOf(action: ReturnAction) {
  switch (action.kind) {
    case 'authorise':
      return { instructions: action.instructions };
    case 'refuse':
    case 'cancel':
      return { note: action.note };
    case 'receive':
      return action.body;
    default:
      return undefined;
  }
}

/** POST /api/backoffice/returns/{id}/{step}; silent: the refusal is shown in the dialog. The lists are read again. */
export async function runReturnAction(id: number, action: ReturnAction) {
  const ret = await api.post<BackofficeReturnDetail>(
    `/api/backoffice/returns/${id}/${action.kind}`,
    bodyOf(action),
    { silent: true },
  );
  queryClient.setQueryData(returnKeys.detail(String(id)), ret);
  await queryClient.invalidateQueries({ queryKey: returnKeys.list });
  return ret;
}
