import { type ErpCustomer, ErpCustomerListSchema, ErpCustomerSchema, messages } from '@shop/domain';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';

/** The ERP may be slow; a back-office search must not hang on it. */
export const ERP_TIMEOUT_MS = 5000;

/**
 * What the shop asks of the distributor's ERP (DESIGN §8). The HTTP JSON implementation below speaks
 * to `ERP_URL` with `ERP_TOKEN` as a Bearer token.
 */
export interface ErpConnector {
  /** Customers whose name, VAT id, tax number or code match `query`. */
  searchCustomers(query: string): Promise<ErpCustomer[]>;
  /** One customer by its ERP code, or null when the ERP has none. */
  findCustomer(code: string): Promise<ErpCustomer | null>;
}

/** The ERP connector of this configuration, or null when the synchronisation is off (no ERP_URL). */
export function erpConnector(config: Pick<Config, 'erpUrl' | 'erpToken'>): ErpConnector | null {
  const { erpUrl, erpToken } = config;
  if (!erpUrl) return null;
  const get = async (path: string): Promise<Response> => {
    try {
      return await fetch(`${erpUrl}${path}`, {
        headers: { accept: 'application/json', ...(erpToken ? { authorization: `Bearer ${erpToken}` } : {}) },
        signal: AbortSignal.timeout(ERP_TIMEOUT_MS),
      });
    } catch {
      throw new ErpUnreachableError();
    }
  };
  const json = async (response: Response): Promise<unknown> => {
    if (!response.ok) throw new ErpUnreachableError();
    return response.json().catch(() => {
      throw new ErpUnreachableError();
    });
  };
  return {
    async searchCustomers(query) {
      const answer = ErpCustomerListSchema.safeParse(
        await json(await get(`/customers?q=${encodeURIComponent(query)}`)),
      );
      if (!answer.success) throw new ErpUnreachableError();
      return answer.data.data;
    },
    async findCustomer(code) {
      const response = await get(`/customers/${encodeURIComponent(code)}`);
      if (response.status === 404) return null;
      const answer = ErpCustomerSchema.safeParse(await json(response));
      if (!answer.success) throw new ErpUnreachableError();
      return answer.data;
    },
  };
}

/** Down, slow, refusing or answering nonsense: the ERP could not be asked. */
export class ErpUnreachableError extends AppError {
  constructor() {
    super(503, 'ERP_UNREACHABLE', messages.erpUnreachable);
  }
}
