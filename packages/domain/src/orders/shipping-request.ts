import { SHIPPING_REQUEST_CUTOFF_HOUR, SHOP_TIME_ZONE } from '../constants';
import { messages } from '../messages';
import type { OrderStatus, RowStatus } from './status-machine';

/** Shipping requests and backorders of the customer's open rows (DESIGN §6 rules 11, 12, 14; SPEC §9). */

const romeParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(instant: Date) {
  const parts = Object.fromEntries(romeParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}

/** The shop's calendar date (Europe/Rome, DESIGN §4) of an instant, as YYYY-MM-DD. */
export function shopDateOf(instant: Date): string {
  return partsOf(instant).date;
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * SPEC §9, DESIGN §6 rule 12: a shipping request received by 14:00 Europe/Rome (14:00:00 included,
 * to the second) is processed that day, a later one the next calendar day. Returns YYYY-MM-DD.
 */
export function processingDate(now: Date): string {
  const { date, seconds } = partsOf(now);
  return seconds <= SHIPPING_REQUEST_CUTOFF_HOUR * 3600 ? date : nextDay(date);
}

/** Orders whose rows are still to be shipped or cancelled: not cancelled, closed, shipped or delivered. */
export const OPEN_ORDER_STATUSES = [
  'awaiting_approval',
  'registered',
  'pending',
  'failed_payment',
  'confirmed',
  'in_work',
  'picking',
  'ready_to_ship',
  'on_ship',
  'partially_shipped',
] as const satisfies readonly OrderStatus[];

/**
 * Orders waiting for their payment or their approval (DESIGN §6 rule 18): nothing of them leaves the
 * warehouse until it is paid or approved.
 */
const NOT_YET_SHIPPABLE: readonly OrderStatus[] = ['pending', 'failed_payment', 'awaiting_approval'];

/**
 * Whether a row may be put in a shipping request (DESIGN §6 rule 12): it is still to ship
 * (not_shipped), part of it is ready, and its order is open and not awaiting payment or approval. The row moves
 * as a whole; a not-ready part stays visible as backorder.
 */
export function canRequestShipping(row: {
  status: RowStatus;
  ready: number;
  residual: number;
  orderStatus: OrderStatus;
}): boolean {
  return (
    row.status === 'not_shipped' &&
    row.ready > 0 &&
    row.residual > 0 &&
    (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(row.orderStatus) &&
    !NOT_YET_SHIPPABLE.includes(row.orderStatus)
  );
}

/** DESIGN §6 rule 14: the part of a row's residual that no stock covers yet. */
export function backorderQuantity(row: { residual: number; ready: number }): number {
  return Math.max(0, row.residual - row.ready);
}

/**
 * The row's status once its residual is gone (DESIGN §6 rule 14): shipped when some was shipped,
 * else cancelled; while residual remains the status is kept.
 */
export function rowStatusAfterCancel(row: {
  status: RowStatus;
  shipped: number;
  residual: number;
}): RowStatus {
  if (row.residual > 0) return row.status;
  return row.shipped > 0 ? 'shipped' : 'cancelled';
}

/** The 422 of a row that cannot be shipped, naming it (messages.rowNotReadyForShipping). */
export function rowNotReadyMessage(sku: string, orderNo: string): string {
  return messages.rowNotReadyForShipping.replace(':sku', sku).replace(':orderNo', orderNo);
}
