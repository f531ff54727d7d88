import { fillMessage, messages } from '../messages';
import { companyMessages } from '../schemas/company-accounts';

/** Order statuses of SPEC §4 and the transitions of DESIGN §6 rule 10, enforced by the server. */
export const ORDER_STATUSES = [
  'awaiting_approval',
  'registered',
  'pending',
  'failed_payment',
  'confirmed',
  'in_work',
  'picking',
  'ready_to_ship',
  'on_ship',
  'shipped',
  'delivered',
  'cancelled',
  'partially_shipped',
  'closed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ROW_STATUSES = ['not_shipped', 'on_shipping', 'shipped', 'cancelled'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

const transitions: Record<OrderStatus, readonly OrderStatus[]> = {
  // DESIGN §6 rule 18: approve → the status the payment method gives; reject or withdraw → cancelled.
  awaiting_approval: ['registered', 'pending', 'cancelled'],
  registered: ['confirmed', 'cancelled'],
  pending: ['confirmed', 'failed_payment', 'cancelled'],
  failed_payment: ['pending', 'cancelled'],
  confirmed: ['in_work', 'cancelled'],
  in_work: ['picking', 'cancelled'],
  picking: ['ready_to_ship'],
  ready_to_ship: ['on_ship'],
  on_ship: ['shipped', 'partially_shipped'],
  partially_shipped: ['on_ship', 'shipped', 'closed'],
  shipped: ['delivered', 'closed'],
  delivered: ['closed'],
  cancelled: [],
  closed: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return transitions[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return transitions[from].includes(to);
}

/** An order's rows in units: those still to ship (the residual) and those shipped. */
export interface OrderUnits {
  residual: number;
  shipped: number;
}

/** The units of an order's rows (each row's residual and shipped quantity, added up). */
export function orderUnits(rows: readonly OrderUnits[]): OrderUnits {
  return rows.reduce(
    (sum, r) => ({ residual: sum.residual + r.residual, shipped: sum.shipped + r.shipped }),
    {
      residual: 0,
      shipped: 0,
    },
  );
}

/**
 * Why staff may not move the order from `from` to `to` now, or null when they may (DESIGN §6 rules 10,
 * 18): the machine must allow the step; an order awaiting approval may only be cancelled (the company's
 * approvers decide); 'shipped' needs every unit shipped or cancelled, 'partially_shipped' some shipped
 * and some left. The server refuses with this message; the back office offers only what passes.
 */
export function statusChangeRefusal(from: OrderStatus, to: OrderStatus, units: OrderUnits): string | null {
  if (from === 'awaiting_approval' && to !== 'cancelled') return companyMessages.decidedByApprovers;
  if (!canTransition(from, to)) return fillMessage(messages.orderTransitionRefused, { from, to });
  if (to === 'shipped' && units.residual > 0)
    return fillMessage(messages.orderNotAllShipped, { count: units.residual });
  if ((to === 'shipped' || to === 'partially_shipped') && units.shipped === 0)
    return messages.orderNothingShipped;
  if (to === 'partially_shipped' && units.residual === 0) return messages.orderNothingLeft;
  return null;
}

/** The statuses staff may move the order to now: the machine's next ones its rows agree with. */
export function staffNextStatuses(from: OrderStatus, units: OrderUnits): OrderStatus[] {
  return nextStatuses(from).filter((to) => statusChangeRefusal(from, to, units) === null);
}

/** Storefront tracking (DESIGN §6 rule 10): 1 processed, 2 in transit, 3 delivered; none once cancelled. */
export function trackingStep(status: OrderStatus): 1 | 2 | 3 | null {
  switch (status) {
    case 'on_ship':
    case 'partially_shipped':
    case 'shipped':
      return 2;
    case 'delivered':
    case 'closed':
      return 3;
    case 'cancelled':
    case 'failed_payment':
    case 'awaiting_approval':
      return null;
    default:
      return 1;
  }
}
