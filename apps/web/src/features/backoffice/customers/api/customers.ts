import type {
  AdminCustomerCreate,
  AdminCustomerUpdate,
  Currency,
  Customer,
  CustomerAddress,
  CustomerAddressInput,
  CustomerListItem,
  CustomerUser,
  CustomerUserInput,
  ErpCustomer,
  Page,
  VatCheckQuery,
  VatCheckResult,
} from '@shop/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { listCurrencies } from '../../catalogue/api/catalog';
import type { ListParams } from '../../scaffold/use-list-params';

/**
 * The back office's customers (SPEC §7 GET, POST /api/customers; GET, PUT /api/customers/{id}; the
 * address book; the customer-user tab; the ERP link by selection).
 */
export const customerKeys = {
  list: ['bo', 'customers'] as const,
  detail: (id: string) => ['bo', 'customers', 'detail', id] as const,
  user: (id: number) => ['bo', 'customers', 'user', id] as const,
};

/** The list's search box is the API's `text`; sort and direction pass as they are. */
function filtersOf(params: ListParams) {
  return { text: params.q || undefined, sort: params.sort || undefined, dir: params.dir || undefined };
}

export const listCustomers = (params: ListParams, signal?: AbortSignal) =>
  api.get<Page<CustomerListItem>>('/api/customers', {
    query: { page: params.page, per_page: params.per_page, ...filtersOf(params) },
    signal,
  });

/** GET /api/customers/export with the list's search and sort: the whole filtered list as .xlsx. */
export function customersExportUrl(params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filtersOf(params))) if (value) query.set(key, value);
  const search = query.toString();
  return `/api/customers/export${search ? `?${search}` : ''}`;
}

export const getCustomer = (id: string, signal?: AbortSignal) =>
  api.get<Customer>(`/api/customers/${encodeURIComponent(id)}`, { signal });

export const createCustomer = (body: AdminCustomerCreate) => api.post<Customer>('/api/customers', body);
export const updateCustomer = (id: number, body: AdminCustomerUpdate) =>
  api.put<Customer>(`/api/customers/${id}`, body);

/** GET /api/vat-numbers/check, silent: when the check cannot run the field shows no verdict. */
export const checkVatNumber = (query: VatCheckQuery) =>
  api.get<VatCheckResult>('/api/vat-numbers/check', { query, silent: true });

export const createAddress = (id: number, body: CustomerAddressInput) =>
  api.post<CustomerAddress>(`/api/customers/${id}/addresses`, body);
export const updateAddress = (id: number, addressId: number, body: CustomerAddressInput) =>
  api.put<CustomerAddress>(`/api/customers/${id}/addresses/${addressId}`, body);
export const deleteAddress = (id: number, addressId: number) =>
  api.delete<void>(`/api/customers/${id}/addresses/${addressId}`);

export const getCustomerUser = (id: number, signal?: AbortSignal) =>
  api.get<CustomerUser>(`/api/customers/${id}/user`, { signal });
/** PUT /api/customers/{id}/user, silent: the tab shows a refusal (a taken e-mail, one's own flag: 409) itself. */
export const saveCustomerUser = (id: number, body: CustomerUserInput) =>
  api.put<CustomerUser>(`/api/customers/${id}/user`, body, { silent: true });
export const sendPasswordReset = (id: number) =>
  api.post<{ message: string }>(`/api/customers/${id}/user/reset-password`);

/** GET /api/erp/customers?q=, silent: the link dialog shows the refusals (none found, ERP off or down). */
export const searchErpCustomers = async (q: string) =>
  (await api.get<{ data: ErpCustomer[] }>('/api/erp/customers', { query: { q }, silent: true })).data;

/** POST /api/customers/{id}/erp-link, silent: the dialog shows 'Customer not found' and the ERP's refusals. */
export const linkErpCustomer = (id: number, erpCode: string) =>
  api.post<ErpCustomer>(`/api/customers/${id}/erp-link`, { erp_code: erpCode }, { silent: true });

/** The currencies as select choices, by code (the customer's currency is a code). */
export function useCurrencyChoices() {
  const { data } = useQuery({
    queryKey: ['bo', 'currencies', 'choices'],
    queryFn: ({ signal }) => listCurrencies(signal),
    staleTime: 60_000,
  });
  return (data ?? []).map((c: Currency) => ({ value: c.code, label: `${c.code} – ${c.description}` }));
}
