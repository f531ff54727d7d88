import {
  type ErpCustomer,
  ErpCustomerListSchema,
  type ErpCustomerPush,
  type ErpCustomerPushAnswer,
  ErpCustomerPushAnswerSchema,
  ErpCustomerSchema,
  type ErpOrderPush,
  type ErpOrderPushAnswer,
  ErpOrderPushAnswerSchema,
  type ErpReturnPush,
  type ErpReturnPushAnswer,
  ErpReturnPushAnswerSchema,
  messages,
} from '@shop/domain';
import type { z } from 'zod';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';

/** The ERP may be slow; a back-office search or a queued push must not hang on it. */
export const ERP_TIMEOUT_MS = 5000;

/**
 * What the shop asks of the distributor's ERP (DESIGN §8, docs/erp-protocol.md). The HTTP JSON
 * implementation below speaks to `ERP_URL` with `ERP_TOKEN` as a Bearer token; what the ERP tells the
 * shop arrives as signed callbacks (erp-callbacks.routes.ts).
 */
export interface ErpConnector {
  /** Customers whose name, VAT id, tax number or code match `query`. */
  searchCustomers(query: string): Promise<ErpCustomer[]>;
  /** One customer by its ERP code, or null when the ERP has none. */
  findCustomer(code: string): Promise<ErpCustomer | null>;
  /** Sends an order; the ERP keeps one per order number however often it arrives. */
  pushOrder(order: ErpOrderPush): Promise<ErpOrderPushAnswer>;
  /** Creates or updates a customer in the ERP, by the shop's customer id. */
  pushCustomer(customer: ErpCustomerPush): Promise<ErpCustomerPushAnswer>;
  /** Creates or updates a return by its number (issue 21 point 5): each push carries its whole state. */
  pushReturn(ret: ErpReturnPush): Promise<ErpReturnPushAnswer>;
}

/** The ERP connector of this configuration, or null when the synchronisation is off (no ERP_URL). */
export function erpConnector(config: Pick<Config, 'erpUrl' | 'erpToken'>): ErpConnector | null {
  const { erpUrl, erpToken } = config;
  if (!erpUrl) return null;
  const call = async (path: string, init: { method?: string; body?: unknown; headers?: object } = {}) => {
    try {
      return await fetch(`${erpUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(erpToken ? { authorization: `Bearer ${erpToken}` } : {}),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(ERP_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ErpUnreachableError(error instanceof Error ? error.message : String(error));
    }
  };
  /** The answer read with its schema; anything else is the ERP's failure, told as it answered. */
  const read = async <S extends z.ZodType>(response: Response, schema: S): Promise<z.infer<S>> => {
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new ErpUnreachableError(`HTTP ${response.status} ${text}`.trim());
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ErpUnreachableError(`HTTP ${response.status}: not JSON`);
    }
    const answer = schema.safeParse(body);
    if (!answer.success) throw new ErpUnreachableError(`HTTP ${response.status}: unexpected answer ${text}`);
    return answer.data;
  };
  return {
    async searchCustomers(query) {
      const answer = await read(
        await call(`/customers?q=${encodeURIComponent(query)}`),
        ErpCustomerListSchema,
      );
      return answer.data;
    },
    async findCustomer(code) {
      const response = await call(`/customers/${encodeURIComponent(code)}`);
      if (response.status === 404) return null;
      return read(response, ErpCustomerSchema);
    },
    async pushOrder(order) {
      const response = await call(`/orders/${encodeURIComponent(order.orderNo)}`, {
        method: 'PUT',
        body: order,
        headers: { 'idempotency-key': order.orderNo },
      });
      return read(response, ErpOrderPushAnswerSchema);
    },
    async pushCustomer(customer) {
      const response = await call(`/shop-customers/${customer.id}`, { method: 'PUT', body: customer });
      return read(response, ErpCustomerPushAnswerSchema);
    },
    async pushReturn(ret) {
      const response = await call(`/returns/${encodeURIComponent(ret.number)}`, { method: 'PUT', body: ret });
      return read(response, ErpReturnPushAnswerSchema);
    },
  };
}

/**
 * Down, slow, refusing or answering nonsense: the ERP could not be asked. `answer` says what happened,
 * for the sync's attempts; the API's message stays the generic one.
 */
export class ErpUnreachableError extends AppError {
  constructor(readonly answer: string) {
    super(503, 'ERP_UNREACHABLE', messages.erpUnreachable);
  }
}
