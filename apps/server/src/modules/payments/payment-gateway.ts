import type { OrderStatus, PaymentMethod } from '@shop/domain';

/** Methods paid through a gateway (DESIGN §8); cash on delivery and 'as per agreement' need none. */
export const ONLINE_PAYMENT_METHODS = ['card', 'paypal', 'sepa', 'bank_redirect'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];

export function isOnlinePaymentMethod(method: PaymentMethod): method is OnlinePaymentMethod {
  return (ONLINE_PAYMENT_METHODS as readonly PaymentMethod[]).includes(method);
}

/**
 * Whether an order paid online awaits its payment: `pending` or `failed_payment`, and a SEPA order
 * while `registered` (it starts there, DESIGN §6 rule 10: the mandate is an agreement to be debited,
 * signed at the gateway right after the order; a failed debit leaves it registered to authorise again).
 */
export function awaitsPayment(order: { status: OrderStatus; paymentMethod: PaymentMethod }): boolean {
  if (order.status === 'pending' || order.status === 'failed_payment') return true;
  return order.status === 'registered' && order.paymentMethod === 'sepa';
}

export type GatewayName = 'test' | 'stripe';

/** What a gateway needs to take one payment: the amount is the order's total, in cents. */
export type CheckoutRequest = {
  orderNo: string;
  amount: number;
  currency: 'EUR';
  method: OnlinePaymentMethod;
  customerEmail: string | null;
};

export type Checkout = {
  /** How this attempt is found again when the gateway reports back (stored as payments.external_id). */
  externalId: string;
  /** Where the customer's browser goes to pay. */
  redirectUrl: string;
};

/** A payment provider: opens a hosted payment page; outcomes come back as signed callbacks or webhooks. */
export interface PaymentGateway {
  readonly name: GatewayName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Gives `amount` cents of one attempt back to the customer; `key` makes a retry the same refund.
   * Absent when the provider cannot (the test gateway): staff refund by hand.
   */
  refund?(request: { externalId: string; amount: number; key: string }): Promise<{ reference: string }>;
}

/** What a gateway reported about one payment, after its signature was checked. */
export type GatewayEvent = {
  gateway: GatewayName;
  /** The gateway's id of this report: the same id twice is a replay and changes nothing. */
  eventId: string;
  type: string;
  /** The payment it is about: our id (test gateway) or the gateway's own id (Stripe session). */
  payment: { id: number } | { externalId: string };
  /** null when the event only records progress (an asynchronous method still settling). */
  outcome: 'approved' | 'declined' | null;
  /** The amount the gateway reports taking, in cents, when it says. */
  amount: number | null;
  payload: unknown;
};

/** The web page the customer lands on after paying or giving up (built by the web app). */
export function checkoutCompletePath(orderNo: string): string {
  return `/checkout/complete/${encodeURIComponent(orderNo)}`;
}
