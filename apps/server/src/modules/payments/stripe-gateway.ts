import Stripe from 'stripe';
import type {
  Checkout,
  CheckoutRequest,
  GatewayEvent,
  OnlinePaymentMethod,
  PaymentGateway,
} from './payment-gateway';
import { checkoutCompletePath } from './payment-gateway';

type SessionCreateParams = Stripe.Checkout.SessionCreateParams;
type AllowedType = NonNullable<SessionCreateParams['allowed_payment_method_types']>[number];

/**
 * Stripe's payment method types per shop method. Stripe has no bank redirect in Italy; the euro-area
 * bank redirects it offers are iDEAL (NL), Bancontact (BE) and EPS (AT): Checkout shows the ones
 * enabled in the Stripe dashboard and eligible for the customer.
 */
export const STRIPE_METHOD_TYPES: Record<OnlinePaymentMethod, AllowedType[]> = {
  card: ['card'],
  paypal: ['paypal'],
  sepa: ['sepa_debit'],
  bank_redirect: ['ideal', 'bancontact', 'eps'],
};

/** The part of the Stripe client the gateway uses, so tests can pass a fake and never reach Stripe. */
export type StripeCheckoutClient = {
  checkout: {
    sessions: {
      create(params: SessionCreateParams): Promise<{ id: string; url?: string | null }>;
      retrieve(id: string): Promise<{ id: string; payment_intent?: string | { id: string } | null }>;
    };
  };
  refunds: {
    create(
      params: { payment_intent: string; amount: number },
      options: { idempotencyKey: string },
    ): Promise<{ id: string }>;
  };
};

/** Stripe Checkout (DESIGN §8): one session per attempt; the outcome arrives by signed webhook. */
export function createStripeGateway(options: {
  client: StripeCheckoutClient;
  appUrl: string;
}): PaymentGateway {
  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const session = await options.client.checkout.sessions.create(sessionParams(request, options.appUrl));
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { externalId: session.id, redirectUrl: session.url };
    },
    async refund({ externalId, amount, key }) {
      // A Checkout session is refunded through the payment intent it created.
      const session = await options.client.checkout.sessions.retrieve(externalId);
      const intent = session.payment_intent;
      if (!intent) throw new Error(`Stripe checkout session ${externalId} has no payment to refund`);
      const paymentIntent = typeof intent === 'string' ? intent : intent.id;
      const refund = await options.client.refunds.create(
        { payment_intent: paymentIntent, amount },
        { idempotencyKey: key },
      );
      return { reference: refund.id };
    },
  };
}

export function createStripeClient(secretKey: string): StripeCheckoutClient {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

function sessionParams(request: CheckoutRequest, appUrl: string): SessionCreateParams {
  // Back to the order either way: the page reads the order's status, which only the webhook changes.
  const returnUrl = `${appUrl}${checkoutCompletePath(request.orderNo)}`;
  return {
    mode: 'payment',
    allowed_payment_method_types: STRIPE_METHOD_TYPES[request.method],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency.toLowerCase(),
          unit_amount: request.amount,
          product_data: { name: `Order ${request.orderNo}` },
        },
      },
    ],
    client_reference_id: request.orderNo,
    metadata: { order_no: request.orderNo },
    ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
    success_url: returnUrl,
    cancel_url: returnUrl,
  };
}

/** Thrown when a webhook's `stripe-signature` does not verify. */
export class StripeSignatureError extends Error {}

/**
 * Verifies a webhook on its raw body (Stripe signs the exact bytes) and maps the Checkout events to
 * outcomes; other events are not ours to handle (null).
 */
export function parseStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
  receivedAt: Date,
): GatewayEvent | null {
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      secret,
      undefined,
      undefined,
      receivedAt.getTime(),
    );
  } catch {
    throw new StripeSignatureError();
  }
  const outcome = checkoutOutcome(event);
  if (outcome === undefined) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  return {
    gateway: 'stripe',
    eventId: event.id,
    type: event.type,
    payment: { externalId: session.id },
    outcome,
    amount: session.amount_total ?? null,
    payload: event,
  };
}

/** undefined: not a Checkout event; null: recorded, no decision yet (an asynchronous method settling). */
function checkoutOutcome(event: Stripe.Event): GatewayEvent['outcome'] | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
      // SEPA debits and some bank redirects complete unpaid and settle later by async_payment_*.
      return event.data.object.payment_status === 'unpaid' ? null : 'approved';
    case 'checkout.session.async_payment_succeeded':
      return 'approved';
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return 'declined';
    default:
      return undefined;
  }
}
