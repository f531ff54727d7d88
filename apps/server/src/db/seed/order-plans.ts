import {
  canTransition,
  ORDER_STATUSES,
  type OrderChannel,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/domain';
import { HOUR_MS } from './codes';
import { ACCOUNTS, type CustomerSeed } from './customers';
import { USED_COUPON } from './promotions';
import type { Rng } from './random';

/**
 * What the demo orders look like before their rows: one plan per order (customer, status, age), the
 * status path each one went through, its payment method and the timed trail of status changes.
 */

/** Who made a status change: the customer's user, the admin, or the system (null user). */
export type Actor = 'customer' | 'admin' | 'system';

export type StatusChange = { from: OrderStatus | null; to: OrderStatus; at: Date; by: Actor };

export type Plan = {
  customer: CustomerSeed;
  status: OrderStatus;
  /** Days before today: a fixed age or a range. */
  days: number | [number, number];
  backorder?: boolean;
  coupon?: string;
  channel?: OrderChannel;
};

export const SHIPPED_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered', 'closed'];
export const ONLINE: readonly PaymentMethod[] = ['card', 'paypal', 'bank_redirect'];

const DAYS_BY_STATUS: Record<OrderStatus, [number, number]> = {
  awaiting_approval: [0, 3],
  registered: [0, 4],
  pending: [1, 5],
  failed_payment: [1, 6],
  confirmed: [2, 30],
  in_work: [2, 10],
  picking: [1, 4],
  ready_to_ship: [1, 5],
  on_ship: [1, 4],
  partially_shipped: [10, 40],
  shipped: [7, 60],
  delivered: [40, 200],
  cancelled: [5, 235],
  closed: [150, 238],
};

/** Hours between a status and the next one, as [min, max]. */
const GAP_HOURS: Partial<Record<OrderStatus, [number, number]>> = {
  confirmed: [1, 20],
  in_work: [2, 24],
  picking: [2, 30],
  ready_to_ship: [1, 8],
  on_ship: [2, 20],
  shipped: [20, 60],
  partially_shipped: [20, 60],
  delivered: [24, 96],
  closed: [168, 720],
  failed_payment: [0.1, 1],
  cancelled: [2, 72],
  pending: [1, 48],
};

export function plans(customers: CustomerSeed[], rng: Rng): Plan[] {
  const by = (email: string) => customers.find((c) => c.email === email)!;
  const company = by(ACCOUNTS.company);
  const priv = by(ACCOUNTS.private);
  const extra = by(ACCOUNTS.extra);
  const list: Plan[] = [
    { customer: company, status: 'closed', days: [205, 230] },
    { customer: company, status: 'closed', days: [150, 180], channel: 'backoffice' },
    { customer: company, status: 'delivered', days: [95, 120] },
    { customer: company, status: 'delivered', days: [45, 60] },
    { customer: company, status: 'shipped', days: [12, 20] },
    { customer: company, status: 'partially_shipped', days: [20, 30], backorder: true },
    { customer: company, status: 'on_ship', days: [2, 4] },
    { customer: company, status: 'ready_to_ship', days: [2, 5] },
    { customer: company, status: 'picking', days: [1, 3], channel: 'backoffice' },
    { customer: company, status: 'in_work', days: [4, 8], backorder: true },
    { customer: company, status: 'confirmed', days: [30, 60], backorder: true },
    { customer: company, status: 'registered', days: [0, 2], backorder: true },
    { customer: company, status: 'cancelled', days: [60, 90] },
    { customer: priv, status: 'closed', days: [180, 220] },
    { customer: priv, status: 'delivered', days: [100, 130], coupon: USED_COUPON },
    { customer: priv, status: 'shipped', days: [8, 15] },
    { customer: priv, status: 'cancelled', days: [40, 70] },
    { customer: priv, status: 'confirmed', days: [5, 10] },
    { customer: priv, status: 'failed_payment', days: [3, 5] },
    { customer: priv, status: 'pending', days: 2 },
    { customer: priv, status: 'pending', days: 10 },
    { customer: priv, status: 'registered', days: [1, 3] },
    { customer: extra, status: 'delivered', days: [70, 100] },
    { customer: extra, status: 'shipped', days: [20, 30] },
    { customer: extra, status: 'confirmed', days: [6, 12], backorder: true },
    { customer: extra, status: 'registered', days: [1, 4] },
  ];
  const others = customers.filter((c) => c !== company && c !== priv && c !== extra);
  const weights: [OrderStatus, number][] = [
    ['closed', 6],
    ['delivered', 7],
    ['shipped', 5],
    ['cancelled', 2],
    ['partially_shipped', 1],
    ['on_ship', 1],
    ['ready_to_ship', 1],
    ['picking', 1],
    ['in_work', 2],
    ['confirmed', 3],
    ['registered', 3],
    ['pending', 1],
    ['failed_payment', 1],
  ];
  for (let i = 0; i < 34; i++) {
    const customer = others[i % others.length]!;
    const status = rng.weighted(weights);
    list.push({
      customer,
      status,
      days: DAYS_BY_STATUS[status],
      backorder:
        customer.type === 'G' && ['registered', 'confirmed', 'in_work'].includes(status) && rng.chance(0.4),
      channel: customer.type === 'G' && rng.chance(0.1) ? 'backoffice' : 'web',
    });
  }
  // Orders wait for approval only when a buyer passes his limit: buyer@example.com does that live.
  const missing = ORDER_STATUSES.filter(
    (s) => s !== 'awaiting_approval' && !list.some((p) => p.status === s),
  );
  if (missing.length > 0) throw new Error(`demo orders miss statuses: ${missing.join(', ')}`);
  return list;
}

/** The status path from the first status to `status` (DESIGN §6 rule 10). */
export function pathTo(status: OrderStatus, start: 'registered' | 'pending', rng: Rng): OrderStatus[] {
  const flow: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];
  let path: OrderStatus[];
  switch (status) {
    case 'registered':
    case 'pending':
      path = [status];
      break;
    case 'failed_payment':
      path = ['pending', 'failed_payment'];
      break;
    case 'cancelled':
      path =
        start === 'registered' && rng.chance(0.5) ? [start, 'confirmed', 'cancelled'] : [start, 'cancelled'];
      break;
    case 'partially_shipped':
    case 'shipped':
      path = [start, ...flow, status];
      break;
    case 'delivered':
      path = [start, ...flow, 'shipped', 'delivered'];
      break;
    case 'closed':
      path = rng.chance(0.7)
        ? [start, ...flow, 'shipped', 'delivered', 'closed']
        : [start, ...flow, 'shipped', 'closed'];
      break;
    default:
      path = [start, ...flow.slice(0, flow.indexOf(status) + 1)];
  }
  for (let i = 1; i < path.length; i++) {
    if (!canTransition(path[i - 1]!, path[i]!)) throw new Error(`bad demo path ${path.join(' → ')}`);
  }
  return path;
}

export function paymentFor(plan: Plan, rng: Rng): PaymentMethod {
  const c = plan.customer;
  if (plan.status === 'pending' || plan.status === 'failed_payment')
    return rng.pick(['card', 'paypal'] as const);
  const italian = c.country === 'IT';
  if (plan.status === 'registered') {
    if (c.type === 'P') return italian ? 'cash_on_delivery' : 'sepa';
    return rng.pick(['as_agreed', 'sepa'] as const);
  }
  if (plan.coupon) return 'card';
  if (c.type === 'P') {
    return rng.weighted<PaymentMethod>(
      italian
        ? [
            ['card', 4],
            ['paypal', 3],
            ['cash_on_delivery', 3],
          ]
        : [
            ['card', 1],
            ['paypal', 1],
          ],
    );
  }
  return rng.weighted<PaymentMethod>([
    ['as_agreed', 5],
    ['sepa', 3],
    ['card', 1],
    ['bank_redirect', 1],
  ]);
}

/** The status changes along `path` from the order's `date`, squeezed before `now` when needed. */
export function statusTrail(
  plan: Plan,
  path: OrderStatus[],
  date: Date,
  now: Date,
  rng: Rng,
): StatusChange[] {
  const gaps = path.slice(1).map((s) => {
    const [lo, hi] = GAP_HOURS[s] ?? [1, 24];
    return (lo + rng.float() * (hi - lo)) * HOUR_MS;
  });
  const room = now.getTime() - date.getTime() - 30 * 60_000;
  const span = gaps.reduce((a, b) => a + b, 0);
  const scale = span > room ? room / span : 1;
  const changes: StatusChange[] = [];
  let at = date.getTime();
  for (let i = 0; i < path.length; i++) {
    if (i > 0) at += Math.floor(gaps[i - 1]! * scale);
    const to = path[i]!;
    const from = i > 0 ? path[i - 1]! : null;
    const by: Actor =
      i === 0
        ? plan.channel === 'backoffice'
          ? 'admin'
          : 'customer'
        : to === 'failed_payment' || to === 'delivered' || (to === 'confirmed' && from === 'pending')
          ? 'system'
          : to === 'cancelled' && from === 'pending'
            ? 'system'
            : 'admin';
    changes.push({ from, to, at: new Date(at), by });
  }
  return changes;
}
