import type { OrderChannel, OrderStatus, PaymentMethod } from '@shop/domain';
import type { AddressSnapshot } from '../schema';
import { type ProductSeed, sellable } from './catalog';
import { addDays, atHour, DAY_MS, romeDate } from './codes';
import { type CustomerSeed, defaultAddress } from './customers';
import { type DocumentSeed, generateDocuments, type SequenceSeed } from './order-documents';
import { type Actor, ONLINE, pathTo, paymentFor, plans, type StatusChange, statusTrail } from './order-plans';
import { orderRows, orderTotals, type RowSeed, rowSource } from './order-rows';
import { USED_COUPON, USED_COUPON_VALUE } from './promotions';
import { Rng } from './random';

/**
 * Demo orders in every status, with rows, status trails and documents, consistent with stock:
 * every open row's residual is reserved in `stock.ordered` of its product (DESIGN §6 rules 9–11).
 * The plans and status trails are in order-plans.ts, rows and totals in order-rows.ts, documents in
 * order-documents.ts; this file puts one order together from them, in a fixed order of PRNG draws.
 */

export type OrderSeed = {
  orderNo: string;
  erpOrderNo: string | null;
  channel: OrderChannel;
  customer: CustomerSeed;
  placedBy: Actor;
  billingCompany: string | null;
  date: Date;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  shippingSlug: 'national' | 'international';
  shippingAddress: AddressSnapshot;
  billingAddress: AddressSnapshot;
  shippingCosts: number;
  paymentFee: number;
  couponCode: string | null;
  vat: number;
  total: number;
  totalWithoutTaxes: number;
  customerReference: string | null;
  customerReferenceDate: string | null;
  paidAt: Date | null;
  updatedAt: Date;
  rows: RowSeed[];
  changes: StatusChange[];
  id: number;
};

export type GeneratedOrders = { orders: OrderSeed[]; documents: DocumentSeed[]; sequences: SequenceSeed[] };

export function generateOrders(seeds: ProductSeed[], customers: CustomerSeed[], now: Date): GeneratedOrders {
  const rng = new Rng('orders');
  const products = sellable(seeds);
  const source = rowSource(products, rng);
  const coupons = new Map([[USED_COUPON, USED_COUPON_VALUE]]);

  const today = romeDate(now);
  const dated = plans(customers, rng).map((plan) => {
    // A fixed age is exact (the unpaid-order job looks at it); other orders come in shop hours.
    if (typeof plan.days === 'number') {
      return { plan, date: new Date(now.getTime() - plan.days * DAY_MS - rng.int(5, 120) * 60_000) };
    }
    const day = addDays(today, -rng.int(plan.days[0], plan.days[1]));
    const at = atHour(day, rng.int(8, 19), rng.int(0, 59));
    const latest = now.getTime() - rng.int(30, 90) * 60_000;
    return { plan, date: at.getTime() > latest ? new Date(latest) : at };
  });
  dated.sort((a, b) => a.date.getTime() - b.date.getTime());

  const orders: OrderSeed[] = [];
  const perYear = new Map<number, number>();
  let erpNumber = 0;
  for (const { plan, date } of dated) {
    const { customer, status } = plan;
    const orderDay = romeDate(date);
    const paymentMethod = paymentFor(plan, rng);
    const start = ONLINE.includes(paymentMethod) ? 'pending' : 'registered';
    const path = pathTo(status, start, rng);

    const couponRate = plan.coupon ? coupons.get(plan.coupon)! : 0;
    const rows = orderRows(source, plan, orderDay, couponRate, rng);
    if (rows.length === 0) throw new Error('demo order without rows: the catalogue is too small');

    // Totals (DESIGN §6 rules 5–7).
    const { shippingAddress, shippingSlug, shippingCosts, paymentFee, vat, totalWithoutTaxes } = orderTotals(
      customer,
      rows,
      paymentMethod,
    );

    // Status trail, squeezed before `now` when needed.
    const changes = statusTrail(plan, path, date, now, rng);
    const confirmedAt = changes.find((c) => c.to === 'confirmed')?.at ?? null;

    const year = Number(orderDay.slice(0, 4));
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    const reachedErp = confirmedAt !== null;
    orders.push({
      orderNo: `${year}-${String(n).padStart(6, '0')}`,
      erpOrderNo: reachedErp ? `OV${year}/${String(++erpNumber + 1200).padStart(6, '0')}` : null,
      channel: plan.channel ?? 'web',
      customer,
      placedBy: plan.channel === 'backoffice' ? 'admin' : 'customer',
      billingCompany: customer.company,
      date,
      status,
      paymentMethod,
      shippingSlug,
      shippingAddress,
      billingAddress: defaultAddress(customer, 'B'),
      shippingCosts,
      paymentFee,
      couponCode: plan.coupon ?? null,
      vat,
      total: totalWithoutTaxes + vat,
      totalWithoutTaxes,
      customerReference: customer.type === 'G' && rng.chance(0.5) ? `PO-${year}-${rng.int(100, 999)}` : null,
      customerReferenceDate: null,
      paidAt: ONLINE.includes(paymentMethod) ? confirmedAt : null,
      updatedAt: changes[changes.length - 1]!.at,
      rows,
      changes,
      id: 0,
    });
    const last = orders[orders.length - 1]!;
    if (last.customerReference) last.customerReferenceDate = orderDay;
  }

  const { documents, sequences } = generateDocuments(orders, now, rng);
  return { orders, documents, sequences };
}
