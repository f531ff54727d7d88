import { z } from 'zod';

/** GET /api/orders/{orderNo}/payments: the order's money as paid (cents; DESIGN §6 rule 16). */
export const OrderPaymentStateSchema = z.object({
  total: z.number().int(),
  /** Approved payments less refunds. */
  paid: z.number().int(),
  /** Still owed (nothing on a cancelled order). */
  due: z.number().int(),
  /** Paid beyond the total, or paid for a cancelled order: the shop gives it back. */
  refund_due: z.number().int(),
  /** What 'Pay now' would ask the customer for now; 0 when the order cannot be paid online now. */
  payable: z.number().int(),
});
export type OrderPaymentState = z.infer<typeof OrderPaymentStateSchema>;

/** POST /api/backoffice/orders/{orderNo}/refunds: what was refunded, and how. */
export const OrderRefundSchema = z.object({
  refunded: z.number().int(),
  /** 'gateway' when the payment provider gave the money back; 'by_hand' when staff did. */
  via: z.enum(['gateway', 'by_hand']),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;
