import {
  companyMessages,
  messages,
  type OrderPaymentState,
  type PaymentBalance,
  paymentBalance,
} from '@shop/domain';
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

/**
 * Stripe when STRIPE_SECRET_KEY is set, else the built-in test gateway where allowed (config.mode);
 * null when online payments are off. One per configuration.
 */
export function configuredGateway(config: Config): PaymentGateway | null {
  if (config.mode.payments === 'off') return null;
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

/** What the order has collected and still owes (DESIGN §6 rule 16). */
export async function balanceOf(ctx: Pick<Ctx, 'db'>, order: OrderToPay): Promise<PaymentBalance> {
  return paymentBalance(order, await q.listPayments(ctx.db, order.id));
}

/**
 * What the customer may pay online now: the amount due on an order awaiting payment, or the rest of an
 * order paid online whose total rose after it was paid. Nothing on a cancelled or closed order.
 */
export function payableAmount(order: OrderToPay, balance: PaymentBalance): number {
  if (!isOnlinePaymentMethod(order.paymentMethod)) return 0;
  if (order.status === 'cancelled' || order.status === 'closed' || order.status === 'awaiting_approval')
    return 0;
  if (!awaitsPayment(order) && balance.paid === 0) return 0;
  return balance.due;
}

async function amountToPay(ctx: Pick<Ctx, 'db'>, order: OrderToPay): Promise<number> {
  if (!isOnlinePaymentMethod(order.paymentMethod)) throw new ConflictError(messages.orderNotPaidOnline);
  // DESIGN §6 rule 18: paid once approved, from the order's page.
  if (order.status === 'awaiting_approval') throw new ConflictError(companyMessages.awaitingApprovalPayment);
  const amount = payableAmount(order, await balanceOf(ctx, order));
  if (amount === 0) throw new ConflictError(messages.orderNotPayable);
  return amount;
}

/**
 * Opens a payment attempt for what the order owes now, with its payment method, and returns where the
 * customer's browser goes. The attempt carries that amount and the order's version: a later change of
 * the order voids it. A failed order goes back to `pending`; earlier open attempts are superseded.
 * Callers check the actor may see the order. The gateway is called before the transaction, so no row
 * stays locked while it answers; an order changed meanwhile is refused (409) rather than charged the
 * old amount.
 */
export async function startPayment(
  ctx: Ctx,
  input: { orderId: number },
  gateway: PaymentGateway | null = configuredGateway(ctx.config),
): Promise<{ redirect_url: string }> {
  if (!gateway) throw new ConflictError(messages.onlinePaymentsOff);
  const order = await q.findOrderToPay(ctx.db, input.orderId);
  if (!order) throw new NotFoundError();
  const amount = await amountToPay(ctx, order);
  const checkout = await gateway.createCheckout({
    orderNo: order.orderNo,
    amount,
    currency: 'EUR',
    method: order.paymentMethod as OnlinePaymentMethod,
    customerEmail: order.customerEmail,
  });
  await inTransaction(ctx, async (tx) => {
    const locked = await q.findOrderToPay(tx.db, input.orderId, true);
    if (!locked) throw new NotFoundError();
    if ((await amountToPay(tx, locked)) !== amount || locked.version !== order.version)
      throw new ConflictError(messages.orderChangedWhilePaying);
    if (locked.status === 'failed_payment') {
      await changeOrderStatus(tx, locked.id, 'pending', ctx.actor?.userId ?? null);
    }
    await q.cancelPendingPayments(tx.db, locked.id);
    await q.insertPayment(tx.db, {
      orderId: locked.id,
      gateway: gateway.name,
      method: locked.paymentMethod,
      amount,
      orderVersion: locked.version,
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

/** GET /api/orders/{orderNo}/payments: what the order collected, what it owes and what may be paid now. */
export async function getOrderPayment(ctx: Ctx, orderNo: string): Promise<OrderPaymentState> {
  const { id } = await getOrderForActor(ctx, orderNo);
  const order = await q.findOrderToPay(ctx.db, id);
  if (!order) throw new NotFoundError();
  const balance = await balanceOf(ctx, order);
  return {
    total: order.total,
    paid: balance.paid,
    due: balance.due,
    refund_due: balance.refundDue,
    payable: payableAmount(order, balance),
  };
}
