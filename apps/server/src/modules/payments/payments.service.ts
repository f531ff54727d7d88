import { messages } from '@shop/domain';
import type { Config } from '../../config';
import type { Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { changeOrderStatus, getOrderForActor } from '../orders/orders.service';
import {
  awaitsPayment,
  isOnlinePaymentMethod,
  type OnlinePaymentMethod,
  type PaymentGateway,
} from './payment-gateway';
import * as q from './payments.queries';
import { createStripeClient, createStripeGateway } from './stripe-gateway';
import { createTestGateway } from './test-gateway';

/**
 * Paying orders online (DESIGN §8, SPEC §4 "a pending order is offered payment"): opening a payment
 * attempt at the configured gateway. Gateway reports are applied in payment-events.service.ts.
 */

const gateways = new WeakMap<Config, PaymentGateway>();

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in test gateway; one per configuration. */
export function configuredGateway(config: Config): PaymentGateway {
  let gateway = gateways.get(config);
  if (!gateway) {
    gateway = config.stripeSecretKey
      ? createStripeGateway({ client: createStripeClient(config.stripeSecretKey), appUrl: config.appUrl })
      : createTestGateway();
    gateways.set(config, gateway);
  }
  return gateway;
}

type OrderToPay = NonNullable<Awaited<ReturnType<typeof q.findOrderToPay>>>;

function assertPayable(
  order: OrderToPay,
): asserts order is OrderToPay & { paymentMethod: OnlinePaymentMethod } {
  if (!isOnlinePaymentMethod(order.paymentMethod)) throw new ConflictError(messages.orderNotPaidOnline);
  if (!awaitsPayment(order)) throw new ConflictError(messages.orderNotPayable);
}

/**
 * Opens a payment attempt for the order's total with its payment method and returns where the
 * customer's browser goes. Only orders paid online that await payment: `pending` or `failed_payment`
 * (a failed order goes back to `pending`), or a `registered` SEPA order, which stays registered while
 * the debit is authorised. Earlier open attempts are superseded. Callers check the actor may see the
 * order. The gateway is called before the transaction, so no row stays locked while it answers.
 */
export async function startPayment(
  ctx: Ctx,
  input: { orderId: number },
  gateway: PaymentGateway = configuredGateway(ctx.config),
): Promise<{ redirect_url: string }> {
  const order = await q.findOrderToPay(ctx.db, input.orderId);
  if (!order) throw new NotFoundError();
  assertPayable(order);
  const checkout = await gateway.createCheckout({
    orderNo: order.orderNo,
    amount: order.total,
    currency: 'EUR',
    method: order.paymentMethod,
    customerEmail: order.customerEmail,
  });
  await inTransaction(ctx, async (tx) => {
    // The order may have been paid or cancelled while the gateway answered.
    const locked = await q.findOrderToPay(tx.db, input.orderId, true);
    if (!locked) throw new NotFoundError();
    assertPayable(locked);
    if (locked.status === 'failed_payment') {
      await changeOrderStatus(tx, locked.id, 'pending', ctx.actor?.userId ?? null);
    }
    await q.cancelPendingPayments(tx.db, locked.id);
    await q.insertPayment(tx.db, {
      orderId: locked.id,
      gateway: gateway.name,
      method: locked.paymentMethod,
      amount: locked.total,
      externalId: checkout.externalId,
    });
  });
  return { redirect_url: checkout.redirectUrl };
}

/** POST /api/orders/{orderNo}/payments: pay again; another customer's order answers 404. */
export async function payOrder(ctx: Ctx, orderNo: string): Promise<{ redirect_url: string }> {
  const order = await getOrderForActor(ctx, orderNo);
  return startPayment(ctx, { orderId: order.id });
}
