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
