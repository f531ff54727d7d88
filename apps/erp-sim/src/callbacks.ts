import { randomUUID } from 'node:crypto';
import type { ErpCallback, ErpCallbackType } from '@shop/domain';
import { signCallback } from '@shop/domain/erp-signature';
import type { FastifyInstance } from 'fastify';
import type { ErpSimStore } from './store';

/** Where the shop takes the ERP's callbacks (docs/erp-protocol.md). */
export const CALLBACK_PATH = '/api/erp/callbacks';

export type CallbackRequest = { body: string; headers: Record<string, string> };
export type CallbackResponse = { status: number; body: string };
/** Carries a callback's raw body and headers to the shop and brings back its answer. */
export type CallbackDelivery = (request: CallbackRequest) => Promise<CallbackResponse>;

/** Over HTTP, to the shop at `shopUrl` (its APP_URL). */
export function deliverTo(shopUrl: string): CallbackDelivery {
  const url = `${shopUrl.replace(/\/$/, '')}${CALLBACK_PATH}`;
  return async ({ body, headers }) => {
    const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    return { status: response.status, body: await response.text() };
  };
}

/** Into a shop app that does not listen, as the shop's tests build it. */
export function deliverByInject(app: FastifyInstance): CallbackDelivery {
  return async ({ body, headers }) => {
    const response = await app.inject({ method: 'POST', url: CALLBACK_PATH, headers, payload: body });
    return { status: response.statusCode, body: response.body };
  };
}

export type CallbackData<T extends ErpCallbackType> = Extract<ErpCallback, { type: T }>['data'];

export type SendCallbackOptions = {
  id?: string;
  /** Unix seconds; now unless given (a shop test's clock may be elsewhere). */
  timestamp?: number;
  /** Sent instead of the real signature; null sends none. */
  signature?: string | null;
};

export type CallbackResult = { status: number; body: unknown; id: string };

/**
 * Signs and sends callbacks, recording each one in the store; `resend` sends a recorded callback again
 * byte for byte, headers included: a replay.
 */
export function callbackSender(store: ErpSimStore, token: string, delivery: () => CallbackDelivery) {
  const deliver = async (id: string, type: ErpCallbackType, request: CallbackRequest) => {
    const response = await delivery()(request);
    const answer = parseAnswer(response.body);
    store.callbacks.push({
      id,
      type,
      ...request,
      status: response.status,
      answer,
      sent_at: new Date().toISOString(),
    });
    return { status: response.status, body: answer, id };
  };
  return {
    send<T extends ErpCallbackType>(
      type: T,
      data: CallbackData<T>,
      options: SendCallbackOptions = {},
    ): Promise<CallbackResult> {
      const id = options.id ?? randomUUID();
      const body = JSON.stringify({ id, type, data });
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const signature =
        options.signature === undefined ? signCallback(token, timestamp, body) : options.signature;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-erp-timestamp': String(timestamp),
        ...(signature === null ? {} : { 'x-erp-signature': signature }),
      };
      return deliver(id, type, { body, headers });
    },
    async resend(id: string): Promise<CallbackResult> {
      const sent = store.callbacks.findLast((c) => c.id === id);
      if (!sent) throw new Error(`No callback ${id} was sent`);
      return deliver(sent.id, sent.type, { body: sent.body, headers: sent.headers });
    },
  };
}

function parseAnswer(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
