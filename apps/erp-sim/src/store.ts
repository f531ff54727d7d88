import type {
  ErpCallbackType,
  ErpCustomer,
  ErpCustomerPush,
  ErpCustomerPushAnswer,
  ErpOrderPush,
  ErpOrderPushAnswer,
  ErpReturnPush,
  ErpReturnPushAnswer,
} from '@shop/domain';

/** An order as the ERP holds it: stored once, however many times the shop sent it. */
export type ReceivedOrder = {
  erp_order_no: string;
  order: ErpOrderPush;
  /** How many times the shop pushed it (the first time and every repeat). */
  received: number;
  received_at: string;
};

/** A return as the ERP holds it: its latest state, by its number, and how many pushes brought it. */
export type ReceivedReturn = { ret: ErpReturnPush; received: number };

/** A shop customer the shop pushed, by the shop's id, with the ERP code it was given. */
export type PushedCustomer = { code: string; customer: ErpCustomerPush; received: number };

/** A callback as it was sent: the exact body and headers, so it can be replayed, and the shop's answer. */
export type SentCallback = {
  id: string;
  type: ErpCallbackType;
  body: string;
  headers: Record<string, string>;
  status: number;
  answer: unknown;
  sent_at: string;
};

/**
 * The simulator's whole state, in memory. `down`, `delayMs` and `failNext` are how a test (or
 * PUT /_sim/state) makes the ERP fail or be slow.
 */
export type ErpSimStore = {
  /** Every protocol request answers 503. */
  down: boolean;
  /** Every protocol request waits this long first. */
  delayMs: number;
  /** The next N pushes (orders, customers) answer 503. */
  failNext: number;
  customers: Map<string, ErpCustomer>;
  orders: Map<string, ReceivedOrder>;
  shopCustomers: Map<number, PushedCustomer>;
  returns: Map<string, ReceivedReturn>;
  callbacks: SentCallback[];
  /** Method and URL of every protocol request, in order, e.g. 'GET /customers?q=rossi'. */
  requests: string[];
};

/** Codes the ERP gives the customers the shop creates, clear of the seeded C0001xx. */
const FIRST_NEW_CUSTOMER_NO = 500_001;

export function createStore(customers: ErpCustomer[]): ErpSimStore {
  return {
    down: false,
    delayMs: 0,
    failNext: 0,
    customers: new Map(customers.map((c) => [c.code, { ...c }])),
    orders: new Map(),
    shopCustomers: new Map(),
    returns: new Map(),
    callbacks: [],
    requests: [],
  };
}

/** Customers whose name, VAT id, tax number or code contain the text, case-insensitively. */
export function searchCustomers(store: ErpSimStore, text: string): ErpCustomer[] {
  const q = text.trim().toLowerCase();
  return [...store.customers.values()].filter((c) =>
    [c.name, c.vat_id, c.tax_number, c.code].some((v) => v?.toLowerCase().includes(q)),
  );
}

/** Consumes one planned failure: true while `failNext` is above zero. */
export function takeFailure(store: ErpSimStore): boolean {
  if (store.failNext <= 0) return false;
  store.failNext -= 1;
  return true;
}

/** Stores the order the first time; a repeat only counts the receipt and gives the same ERP number. */
export function receiveOrder(store: ErpSimStore, order: ErpOrderPush, now: Date): ErpOrderPushAnswer {
  const known = store.orders.get(order.orderNo);
  if (known) {
    known.received += 1;
    return { erp_order_no: known.erp_order_no, duplicate: true };
  }
  const erp_order_no = `ERP-${String(store.orders.size + 1).padStart(6, '0')}`;
  store.orders.set(order.orderNo, { erp_order_no, order, received: 1, received_at: now.toISOString() });
  return { erp_order_no, duplicate: false };
}

/**
 * Creates or updates the shop's customer: the code is the one the shop sends (a linked customer), else
 * the one given at its first push, else a new one. The ERP's customer record follows the shop's data,
 * so a pushed customer is found by the search too.
 */
export function upsertShopCustomer(store: ErpSimStore, push: ErpCustomerPush): ErpCustomerPushAnswer {
  const known = store.shopCustomers.get(push.id);
  const code = push.erp_code ?? known?.code ?? nextCustomerCode(store);
  store.shopCustomers.set(push.id, { code, customer: push, received: (known?.received ?? 0) + 1 });
  const previous = store.customers.get(code);
  const person = [push.firstname, push.lastname].filter(Boolean).join(' ');
  store.customers.set(code, {
    code,
    name: push.company ?? (person || push.email),
    vat_id: push.vat_id,
    tax_number: push.tax_number,
    city: previous?.city ?? null,
    country: push.country ?? previous?.country ?? null,
  });
  return { code };
}

function nextCustomerCode(store: ErpSimStore): string {
  let n = FIRST_NEW_CUSTOMER_NO + store.shopCustomers.size;
  while (store.customers.has(`C${n}`)) n += 1;
  return `C${n}`;
}

/** Keeps the return's latest state (authorised, received, credited…): a repeat of the same state changes nothing. */
export function receiveReturn(store: ErpSimStore, ret: ErpReturnPush): ErpReturnPushAnswer {
  const known = store.returns.get(ret.number);
  store.returns.set(ret.number, { ret, received: (known?.received ?? 0) + 1 });
  return { number: ret.number, status: ret.status };
}
