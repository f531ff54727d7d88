import {
  type ApprovalReason,
  approvalReasonFor,
  decidedByStaff,
  messages,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PlacedOrder,
  type PlaceOrderRequest,
  type Quote,
  rateOff,
  roleHasLimits,
} from '@shop/domain';
import type { Db } from '../../db/client';
import type { Actor, Ctx } from '../../lib/context';
import { fingerprint } from '../../lib/crypto';
import { shopDate } from '../../lib/dates';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { isUniqueViolation } from '../../lib/unique-violation';
import { newAccountHold } from '../account-approvals/account-approvals.service';
import { priceForCustomer, useCoupon } from '../cart/cart.service';
import { resolveAddress } from '../cart/cart-addresses';
import { buyerOf } from '../cart/cart-lines';
import { creditHoldForOrder } from '../credit/credit.service';
import { assertPaymentMethodAllowed } from '../customers/customers.service';
import { queueErpSync } from '../erp/erp.service';
import { isOnlinePaymentMethod } from '../payments/payment-gateway';
import { startPayment } from '../payments/payments.service';
import { monthlySpent } from '../team/team.service';
import * as aq from './approvals.queries';
import { toOrderDto } from './order-dto';
import { sendApprovalRequests, sendOrderConfirmation } from './order-mail';
import * as q from './orders.queries';
import { reserve, type StockRow } from './stock-reservation';

/**
 * Placing an order (SPEC §4, DESIGN §6 rules 9–10): one transaction re-prices the cart with the same
 * engine as the quote, locks the stock rows, reserves stock and writes the order, its rows and its
 * first status; then an online payment is started and a confirmation mailed.
 */

/** DESIGN §6 rule 10: cash on delivery, SEPA mandate and 'as per agreement' start registered; the rest pending. */
export function initialStatus(method: PaymentMethod): OrderStatus {
  return method === 'cash_on_delivery' || method === 'sepa' || method === 'as_agreed'
    ? 'registered'
    : 'pending';
}

const outOfStock = (product: string) => messages.outOfStock.replace(':product', product);

/** Refuses an order whose cart is not what the customer saw: products gone, quantities cut, other total. */
function assertAsQuoted(quote: Quote, input: PlaceOrderRequest) {
  const gone = quote.removed[0];
  if (gone?.reason === 'not_found') throw ValidationError.field('products', messages.invalidValue);
  if (gone) throw new ConflictError(outOfStock(gone.title ?? gone.sku ?? String(gone.id)));
  const cut = quote.products.find((p) => p.quantity !== p.requested_quantity);
  if (cut) {
    throw new ConflictError(
      messages.quantityChanged.replace(':quantity', String(cut.quantity)).replace(':product', cut.title),
    );
  }
  if (input.expected_total !== undefined && input.expected_total !== quote.total) {
    throw new ConflictError(messages.totalChanged);
  }
}

type Written = { order: Order; created: boolean; email?: string; approvers?: string[] };

/**
 * DESIGN §6 rule 18: why this order needs approval, or null. A customer's user with spending limits
 * (read fresh in the transaction) against the order's net and his month so far; staff ordering directly
 * have none.
 */
async function approvalReasonOf(tx: Ctx, actor: Actor, net: number): Promise<ApprovalReason | null> {
  if (actor.isSuperAdmin || !actor.customerRole || !roleHasLimits(actor.customerRole)) return null;
  const limits = await aq.findSpendingLimits(tx.db, actor.userId);
  if (!limits || (limits.orderLimit === null && limits.monthlyLimit === null)) return null;
  return approvalReasonFor(limits, net, await monthlySpent(tx, actor.userId, tx.now()));
}

/**
 * Issue 20 point 3: a blocked customer is refused; one over his credit limit or with invoices overdue
 * is held for staff, or refused (credit.service.ts). Credit comes before spending limits: staff must
 * decide it whatever the company's approvers would say. Staff ordering directly are the ones who decide
 * credit, so their orders are neither held nor refused; staff signed in as a customer's user are.
 */
function creditHoldOf(tx: Ctx, actor: Actor, customerId: number, total: number) {
  return actor.isSuperAdmin ? null : creditHoldForOrder(tx, customerId, total);
}

/**
 * Issue 19 point 4: who placed the order. Staff signed in as a customer's user place it as him, named
 * beside him; staff ordering directly have no customer user.
 */
function placedBy(actor: Actor) {
  const byStaff = actor.isSuperAdmin || Boolean(actor.impersonator);
  return {
    channel: byStaff ? ('backoffice' as const) : ('web' as const),
    placedByEmail: actor.isSuperAdmin ? null : actor.email,
    placedByStaffEmail: actor.impersonator?.email ?? (actor.isSuperAdmin ? actor.email : null),
  };
}

/**
 * Whether the locked stock still covers the priced cart: every product capped by stock has its
 * quantity free (on hand − reserved) in the locked rows, and nothing was cut or removed for stock (those
 * decisions are taken again on fresh data).
 */
function lockedStockCovers(quote: Quote, stock: StockRow[]): boolean {
  if (quote.removed.some((r) => r.reason === 'out_of_stock')) return false;
  return quote.products.every((p) => {
    if (p.quantity !== p.requested_quantity) return false;
    if (p.is_preorder) return true;
    const free = stock.filter((s) => s.productId === p.id).reduce((n, s) => n + s.onHand - s.ordered, 0);
    return free >= p.quantity;
  });
}

/**
 * The order an Idempotency-Key placed, answered again (`created` false); the same key with another
 * order is a client's mistake, not a retry: 422, as payment APIs answer (orders placed before keys had
 * fingerprints are answered as replays).
 */
async function replayOf(
  db: Db,
  customerId: number,
  key: string,
  requestHash: string,
): Promise<Written | undefined> {
  const existing = await q.findOrderByIdempotencyKey(db, customerId, key);
  if (!existing) return undefined;
  if (existing.idempotencyFingerprint !== null && existing.idempotencyFingerprint !== requestHash)
    throw ValidationError.field('idempotency-key', messages.idempotencyKeyReused);
  return { order: toOrderDto(existing, await q.listOrderRows(db, existing.id)), created: false };
}

/**
 * The transaction. The cart is priced first (reads take no locks); then the stock rows are locked in a
 * stable order and, when they no longer cover the cart, it is priced again on the data the lock waited
 * for. An order already placed with this key is returned as it is, nothing written again.
 */
async function writeOrder(
  ctx: Ctx,
  customerId: number,
  input: PlaceOrderRequest,
  key: string,
  requestHash: string,
): Promise<Written> {
  return inTransaction(ctx, async (tx) => {
    const request = {
      customerId,
      products: input.products,
      shipping: input.shipping,
      paymentMethod: input.payment_method,
      couponCode: input.coupon_code,
      inTransaction: true,
    };
    let priced = await priceForCustomer(tx, request);
    const stock = await q.lockStocks(tx.db, [...new Set(input.products.map((p) => p.id))]);
    const replay = await replayOf(tx.db, customerId, key, requestHash);
    if (replay) return replay;
    if (!lockedStockCovers(priced.quote, stock)) priced = await priceForCustomer(tx, request);
    const { quote, customer, shippingAddress, coupon } = priced;
    if (quote.coupon_error) throw ValidationError.field('coupon_code', quote.coupon_error);
    assertAsQuoted(quote, input);
    const billingAddress = resolveAddress(customer, input.billing, 'B');
    if (!billingAddress || !shippingAddress) throw new NotFoundError();

    const onRows: { stockId: number; quantity: number }[] = [];
    const ready = new Map<number, number>();
    for (const p of quote.products) {
      const r = reserve(
        stock.filter((s) => s.productId === p.id),
        p.quantity,
      );
      // Never below zero for products that are not pre-order/on request.
      if (r.beyond > 0 && !p.is_preorder) throw new ConflictError(outOfStock(p.title));
      onRows.push(...r.onRows);
      ready.set(p.id, r.ready);
      if (r.onNewRow > 0) {
        const warehouseId = await q.findFirstWarehouseId(tx.db);
        if (warehouseId === undefined) throw new ConflictError(outOfStock(p.title));
        await q.reserveNewStock(tx.db, p.id, warehouseId, r.onNewRow);
      }
    }
    await q.reserveStocks(tx.db, onRows);
    const now = tx.now();
    await useCoupon(tx, priced);

    const id = await q.nextOrderId(tx.db);
    const actor = tx.actor!;
    // Credit first, then a new account staff have not approved (issue 22), then spending limits.
    const approvalReason =
      (await creditHoldOf(tx, actor, customerId, quote.total)) ??
      (actor.isSuperAdmin ? null : await newAccountHold(tx, customerId)) ??
      (await approvalReasonOf(tx, actor, quote.total_without_taxes));
    const status = approvalReason ? 'awaiting_approval' : initialStatus(input.payment_method);
    const order = await q.insertOrder(tx.db, {
      id,
      orderNo: `${shopDate(now).slice(0, 4)}-${String(id).padStart(6, '0')}`,
      ...placedBy(actor),
      customerId,
      placedByUserId: actor.userId,
      approvalReason,
      billingCompany: billingAddress.company ?? customer.company,
      date: now,
      status,
      paymentMethod: input.payment_method,
      shippingMethodId: quote.shipping.methodId,
      shippingAddress,
      billingAddress,
      shippingCosts: quote.shipping.price,
      paymentFee: quote.payment_fee,
      couponCode: coupon?.code ?? null,
      couponId: coupon?.id ?? null,
      // A percent stays on the rows' prices (rule 4); a fixed amount is spread on their shares (rule 17).
      couponRate: coupon?.kind === 'percent' ? coupon.value : null,
      // The coupon's whole amount: the rows' shares take at most their net, and take more of it if they grow.
      couponAmount: coupon?.kind === 'fixed' ? coupon.value : null,
      vat: quote.vat,
      total: quote.total,
      totalWithoutTaxes: quote.total_without_taxes,
      customerReference: input.customer_reference ?? null,
      customerReferenceDate: input.customer_reference_date ?? null,
      idempotencyKey: key,
      idempotencyFingerprint: requestHash,
    });
    const rows = await q.insertOrderRows(
      tx.db,
      quote.products.map((p) => ({
        orderId: id,
        productId: p.id,
        productSku: p.sku,
        description: p.title,
        orderedQty: p.quantity,
        readyQty: ready.get(p.id) ?? 0,
        discount: rateOff(p.price, p.unit_price),
        listPrice: p.price,
        priceBeforeCoupon: coupon ? p.price_before_coupon : null,
        price: p.unit_price,
        vatRate: p.vatRate,
        couponShare: p.coupon_share,
        subtotal: p.totalPrice,
        isPreorder: p.is_preorder,
        note: p.note,
      })),
    );
    await q.insertStatusChange(tx.db, {
      orderId: id,
      fromStatus: null,
      toStatus: status,
      userId: actor.userId,
    });
    // The ERP receives an order only once approved (approvals.service.ts queues it then).
    if (!approvalReason)
      await queueErpSync(tx, { entity: 'order', entityId: id, key: order.orderNo, requested: false });
    // Orders held for credit wait for staff, not for the company's approvers.
    const byCompany = approvalReason && !decidedByStaff(approvalReason);
    const approvers = byCompany ? await aq.listApproverEmails(tx.db, customerId, actor.userId) : [];
    return {
      order: toOrderDto(order, rows),
      created: true,
      // The confirmation goes to the user who placed it; to the customer when staff placed it directly.
      email: order.placedByEmail ?? customer.email,
      approvers,
    };
  });
}

/**
 * POST /api/orders: places the order once per Idempotency-Key and customer; the same key again
 * returns the same order (`created` false), also when the retries race each other.
 */
export async function placeOrder(
  ctx: Ctx,
  input: PlaceOrderRequest,
  key: string,
): Promise<PlacedOrder & { created: boolean }> {
  if (ctx.config.mode.payments === 'off' && isOnlinePaymentMethod(input.payment_method)) {
    throw ValidationError.field('payment_method', messages.onlinePaymentsOff);
  }
  const customerId = buyerOf(ctx.actor, input.customer_id);
  const requestHash = fingerprint(input);
  const placed = () => replayOf(ctx.db, customerId, key, requestHash);
  // A retry of a placed order answers at once, whatever the cart or the stock have become since.
  let written: Written | undefined = await placed();
  if (!written) await assertPaymentMethodAllowed(ctx, customerId, input.payment_method);
  try {
    written ??= await writeOrder(ctx, customerId, input, key, requestHash);
  } catch (error) {
    // A concurrent retry with the same key won the race to the unique index: answer with its order.
    written = isUniqueViolation(error, 'orders_customer_id_idempotency_key_index')
      ? await placed()
      : undefined;
    if (!written) throw error;
  }
  const { order, created, email, approvers } = written;
  if (created) ctx.metrics.ordersPlaced.inc({ payment_method: order.payment_method });
  if (email) sendOrderConfirmation(ctx, { ...order, email });
  if (approvers?.length) sendApprovalRequests(ctx, order, approvers);
  // Online payments start pending; a SEPA order starts registered and signs its mandate right away.
  // An order waiting for approval is paid from its page once approved.
  const awaitsPayment =
    order.status !== 'awaiting_approval' && (order.status === 'pending' || order.payment_method === 'sepa');
  const payment = awaitsPayment ? await startPaymentOrLog(ctx, order.id) : null;
  return { order, payment, created };
}

/** The order is written either way: a gateway failure leaves it awaiting payment, payable again from its page. */
async function startPaymentOrLog(ctx: Ctx, orderId: number) {
  try {
    return await startPayment(ctx, { orderId });
  } catch (error) {
    ctx.log.error({ err: error, orderId }, 'payment could not be started');
    return null;
  }
}
