import type { ReturnStatus } from '../constants';

/**
 * DESIGN §6 rule 19: a return's life. Staff authorise or refuse a request; an authorised return is
 * received (the goods came back) or cancelled; a received one is credited (its credit note issued).
 */
const transitions: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['authorised', 'refused'],
  authorised: ['received', 'cancelled'],
  received: ['credited'],
  refused: [],
  cancelled: [],
  credited: [],
};

export function nextReturnStatuses(from: ReturnStatus): readonly ReturnStatus[] {
  return transitions[from];
}

export function canReturnTransition(from: ReturnStatus, to: ReturnStatus): boolean {
  return transitions[from].includes(to);
}

/** Whether the return still holds its rows' units: every status but refused and cancelled. */
export function returnCounts(status: ReturnStatus): boolean {
  return status !== 'refused' && status !== 'cancelled';
}
