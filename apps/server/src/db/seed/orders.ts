import {
  canTransition,
  type DocumentType,
  ORDER_STATUSES,
  type OrderChannel,
  type OrderStatus,
  type PaymentMethod,
  type RowStatus,
} from '@shop/domain';
import type { AddressSnapshot } from '../schema';
import { type ProductSeed, sellable } from './catalog';
import { addDays, applyDiscounts, atHour, DAY_MS, HOUR_MS, romeDate, vatOf } from './codes';
import { ACCOUNTS, type CustomerSeed, defaultAddress } from './customers';
import { USED_COUPON, USED_COUPON_VALUE } from './promotions';
import { Rng } from './random';
import { DISCOUNT_RULES, SHIPPING_METHODS, SHOP } from './reference';

/**
 * Demo orders in every status, with rows, status trails and documents, consistent with stock:
 * every open row's residual is reserved in `stock.ordered` of its product (DESIGN §6 rules 9–11).
 */

export type RowSeed = {
  product: ProductSeed;
  description: string;
  orderedQty: number;
  shippedQty: number;
  cancelledQty: number;
  readyQty: number;
  discount: number;
  price: number;
  vatRate: number;
  subtotal: number;
  status: RowStatus;
  isPreorder: boolean;
  note: string | null;
  id: number;
};

/** Who made a status change: the customer's user, the admin, or the system (null user). */
export type Actor = 'customer' | 'admin' | 'system';

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
  changes: { from: OrderStatus | null; to: OrderStatus; at: Date; by: Actor }[];
  id: number;
};

export type DocumentRowSeed = {
  row: RowSeed | null;
  productSku: string;
  description: string;
  quantity: number;
  price: number;
  vatRate: number;
  amount: number;
};

export type DocumentSeed = {
  type: DocumentType;
  number: string;
  year: number;
  date: string;
  at: Date;
  customer: CustomerSeed;
  order: OrderSeed;
  quantity: number;
  amount: number;
  vat: number;
  rows: DocumentRowSeed[];
};

export type SequenceSeed = { type: DocumentType; year: number; lastNumber: number };

type Plan = {
  customer: CustomerSeed;
  status: OrderStatus;
  /** Days before today: a fixed age or a range. */
  days: number | [number, number];
  backorder?: boolean;
  coupon?: string;
  channel?: OrderChannel;
};

const OPEN_STATUSES: readonly OrderStatus[] = [
  'registered',
  'pending',
  'failed_payment',
  'confirmed',
  'in_work',
  'picking',
  'ready_to_ship',
  'on_ship',
  'partially_shipped',
];
const SHIPPED_STATUSES: readonly OrderStatus[] = ['shipped', 'delivered', 'closed'];
const ONLINE: readonly PaymentMethod[] = ['card', 'paypal', 'bank_redirect'];

const DAYS_BY_STATUS: Record<OrderStatus, [number, number]> = {
  registered: [0, 4],
  pending: [1, 5],
  failed_payment: [1, 6],
  confirmed: [2, 30],
  in_work: [2, 10],
  picking: [1, 4],
  ready_to_ship: [1, 5],
  on_ship: [1, 4],
  partially_shipped: [10, 40],
  shipped: [7, 60],
  delivered: [40, 200],
  cancelled: [5, 235],
  closed: [150, 238],
};

/** Hours between a status and the next one, as [min, max]. */
const GAP_HOURS: Partial<Record<OrderStatus, [number, number]>> = {
  confirmed: [1, 20],
  in_work: [2, 24],
  picking: [2, 30],
  ready_to_ship: [1, 8],
  on_ship: [2, 20],
  shipped: [20, 60],
  partially_shipped: [20, 60],
  delivered: [24, 96],
  closed: [168, 720],
  failed_payment: [0.1, 1],
  cancelled: [2, 72],
  pending: [1, 48],
};

function plans(customers: CustomerSeed[], rng: Rng): Plan[] {
  const by = (email: string) => customers.find((c) => c.email === email)!;
  const company = by(ACCOUNTS.company);
  const priv = by(ACCOUNTS.private);
  const extra = by(ACCOUNTS.extra);
  const list: Plan[] = [
    { customer: company, status: 'closed', days: [205, 230] },
    { customer: company, status: 'closed', days: [150, 180], channel: 'backoffice' },
    { customer: company, status: 'delivered', days: [95, 120] },
    { customer: company, status: 'delivered', days: [45, 60] },
    { customer: company, status: 'shipped', days: [12, 20] },
    { customer: company, status: 'partially_shipped', days: [20, 30], backorder: true },
    { customer: company, status: 'on_ship', days: [2, 4] },
    { customer: company, status: 'ready_to_ship', days: [2, 5] },
    { customer: company, status: 'picking', days: [1, 3], channel: 'backoffice' },
    { customer: company, status: 'in_work', days: [4, 8], backorder: true },
    { customer: company, status: 'confirmed', days: [30, 60], backorder: true },
    { customer: company, status: 'registered', days: [0, 2], backorder: true },
    { customer: company, status: 'cancelled', days: [60, 90] },
    { customer: priv, status: 'closed', days: [180, 220] },
    { customer: priv, status: 'delivered', days: [100, 130], coupon: USED_COUPON },
    { customer: priv, status: 'shipped', days: [8, 15] },
    { customer: priv, status: 'cancelled', days: [40, 70] },
    { customer: priv, status: 'confirmed', days: [5, 10] },
    { customer: priv, status: 'failed_payment', days: [3, 5] },
    { customer: priv, status: 'pending', days: 2 },
    { customer: priv, status: 'pending', days: 10 },
    { customer: priv, status: 'registered', days: [1, 3] },
    { customer: extra, status: 'delivered', days: [70, 100] },
    { customer: extra, status: 'shipped', days: [20, 30] },
    { customer: extra, status: 'confirmed', days: [6, 12], backorder: true },
    { customer: extra, status: 'registered', days: [1, 4] },
  ];
  const others = customers.filter((c) => c !== company && c !== priv && c !== extra);
  const weights: [OrderStatus, number][] = [
    ['closed', 6],
    ['delivered', 7],
    ['shipped', 5],
    ['cancelled', 2],
    ['partially_shipped', 1],
    ['on_ship', 1],
    ['ready_to_ship', 1],
    ['picking', 1],
    ['in_work', 2],
    ['confirmed', 3],
    ['registered', 3],
    ['pending', 1],
    ['failed_payment', 1],
  ];
  for (let i = 0; i < 34; i++) {
    const customer = others[i % others.length]!;
    const status = rng.weighted(weights);
    list.push({
      customer,
      status,
      days: DAYS_BY_STATUS[status],
      backorder:
        customer.type === 'G' && ['registered', 'confirmed', 'in_work'].includes(status) && rng.chance(0.4),
      channel: customer.type === 'G' && rng.chance(0.1) ? 'backoffice' : 'web',
    });
  }
  const missing = ORDER_STATUSES.filter((s) => !list.some((p) => p.status === s));
  if (missing.length > 0) throw new Error(`demo orders miss statuses: ${missing.join(', ')}`);
  return list;
}

/** The status path from the first status to `status` (DESIGN §6 rule 10). */
function pathTo(status: OrderStatus, start: 'registered' | 'pending', rng: Rng): OrderStatus[] {
  const flow: OrderStatus[] = ['confirmed', 'in_work', 'picking', 'ready_to_ship', 'on_ship'];
  let path: OrderStatus[];
  switch (status) {
    case 'registered':
    case 'pending':
      path = [status];
      break;
    case 'failed_payment':
      path = ['pending', 'failed_payment'];
      break;
    case 'cancelled':
      path =
        start === 'registered' && rng.chance(0.5) ? [start, 'confirmed', 'cancelled'] : [start, 'cancelled'];
      break;
    case 'partially_shipped':
    case 'shipped':
      path = [start, ...flow, status];
      break;
    case 'delivered':
      path = [start, ...flow, 'shipped', 'delivered'];
      break;
    case 'closed':
      path = rng.chance(0.7)
        ? [start, ...flow, 'shipped', 'delivered', 'closed']
        : [start, ...flow, 'shipped', 'closed'];
      break;
    default:
      path = [start, ...flow.slice(0, flow.indexOf(status) + 1)];
  }
  for (let i = 1; i < path.length; i++) {
    if (!canTransition(path[i - 1]!, path[i]!)) throw new Error(`bad demo path ${path.join(' → ')}`);
  }
  return path;
}

function paymentFor(plan: Plan, rng: Rng): PaymentMethod {
  const c = plan.customer;
  if (plan.status === 'pending' || plan.status === 'failed_payment')
    return rng.pick(['card', 'paypal'] as const);
  const italian = c.country === 'IT';
  if (plan.status === 'registered') {
    if (c.type === 'P') return italian ? 'cash_on_delivery' : 'sepa';
    return rng.pick(['as_agreed', 'sepa'] as const);
  }
  if (plan.coupon) return 'card';
  if (c.type === 'P') {
    return rng.weighted<PaymentMethod>(
      italian
        ? [
            ['card', 4],
            ['paypal', 3],
            ['cash_on_delivery', 3],
          ]
        : [
            ['card', 1],
            ['paypal', 1],
          ],
    );
  }
  return rng.weighted<PaymentMethod>([
    ['as_agreed', 5],
    ['sepa', 3],
    ['card', 1],
    ['bank_redirect', 1],
  ]);
}

/** The customer's discounts for a category (DESIGN §6 rule 2), in the order they compound. */
function discountRates(customer: CustomerSeed, product: ProductSeed, couponRate: number): number[] {
  const rules = DISCOUNT_RULES.filter(
    (r) => r.group === customer.group && r.category === product.category,
  ).sort((a, b) => a.priority - b.priority);
  const blocking = rules.filter((r) => r.blockOthers);
  const rates =
    blocking.length > 0 ? blocking.map((r) => r.rate) : [customer.discount, ...rules.map((r) => r.rate)];
  if (couponRate > 0) rates.push(couponRate);
  return rates.filter((r) => r > 0);
}

type Kind = 'open' | 'backorder' | 'partial' | 'shipped' | 'cancelled';

type Picker = {
  /** A random product for which `accept` holds, or null after enough tries. */
  find(accept: (p: ProductSeed) => boolean): ProductSeed | null;
};

function picker(products: ProductSeed[], rng: Rng): Picker {
  return {
    find(accept) {
      for (let tries = 0; tries < 400; tries++) {
        const p = products[rng.int(0, products.length - 1)]!;
        if (accept(p)) return p;
      }
      return products.find(accept) ?? null;
    },
  };
}

export type GeneratedOrders = { orders: OrderSeed[]; documents: DocumentSeed[]; sequences: SequenceSeed[] };

export function generateOrders(seeds: ProductSeed[], customers: CustomerSeed[], now: Date): GeneratedOrders {
  const rng = new Rng('orders');
  const products = sellable(seeds);
  const pick = picker(products, rng);
  const preorders = products.filter((p) => p.preorder);
  const onRequest = products.filter((p) => p.onRequest);
  /** Ready quantity already allocated per product (only on-request products can run short). */
  const allocated = new Map<ProductSeed, number>();
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
    const open = OPEN_STATUSES.includes(status);

    // Rows: which shapes this order has.
    const business = customer.type === 'G';
    const count = business
      ? rng.int(2, 6)
      : rng.weighted([
          [1, 4],
          [2, 3],
          [3, 2],
          [4, 1],
        ] as const);
    const kinds: Kind[] = [];
    for (let i = 0; i < count; i++) {
      if (status === 'cancelled') kinds.push('cancelled');
      else if (SHIPPED_STATUSES.includes(status)) kinds.push('shipped');
      else if (status === 'partially_shipped')
        kinds.push(i === 0 ? 'partial' : rng.chance(0.5) ? 'shipped' : 'open');
      else kinds.push('open');
    }
    if (plan.backorder && open) {
      kinds.push('backorder');
      if (business && rng.chance(0.4)) kinds.push('backorder');
    }

    const used = new Set<ProductSeed>();
    const released = (p: ProductSeed) => !p.preorder && p.releaseDate <= orderDay && !used.has(p);
    const rows: RowSeed[] = [];
    const couponRate = plan.coupon ? coupons.get(plan.coupon)! : 0;
    for (const kind of kinds) {
      const want = business
        ? rng.weighted([
            [1, 2],
            [2, 3],
            [3, 2],
            [5, 2],
            [10, 1],
          ] as const)
        : rng.chance(0.8)
          ? 1
          : 2;
      // Expensive items come one or two at a time; merchandise respects its maximum quantity.
      const quantity = (p: ProductSeed) =>
        Math.min(want, p.maxQuantity ?? want, p.price >= 15000 ? (business ? 2 : 1) : want);
      let product: ProductSeed | null;
      let ordered: number;
      let shipped = 0;
      let cancelled = 0;
      let ready = 0;
      let rowStatus: RowStatus = 'not_shipped';
      if (kind === 'shipped' || kind === 'cancelled') {
        product = pick.find((p) => released(p) && (kind === 'cancelled' || !p.onRequest));
        if (!product) continue;
        ordered = quantity(product);
        if (kind === 'shipped') {
          shipped = ordered;
          rowStatus = 'shipped';
        } else {
          cancelled = ordered;
          rowStatus = 'cancelled';
        }
      } else if (kind === 'backorder') {
        // The first backorder row of an order is a pre-order, a second one a product on request.
        const pool = rows.some((r) => r.isPreorder) && onRequest.length > 0 ? onRequest : preorders;
        product =
          rng.sample(
            pool.filter((p) => !used.has(p) && (p.preorder || p.releaseDate <= orderDay)),
            1,
          )[0] ?? null;
        if (!product) continue;
        ordered = quantity(product);
        const free = product.stock!.main - (allocated.get(product) ?? 0);
        ready = product.preorder ? 0 : Math.max(0, Math.min(ordered, free));
      } else {
        // Stock-backed rows: never reserve beyond what is on hand (DESIGN §6 rule 9).
        product = pick.find(
          (p) =>
            released(p) &&
            !p.onRequest &&
            !p.discontinued &&
            !p.outOfStock &&
            p.stock!.main - p.stock!.ordered > 0,
        );
        if (!product) continue;
        const available = product.stock!.main - product.stock!.ordered;
        if (kind === 'partial') {
          const residual = Math.min(available, rng.int(1, 4));
          shipped = Math.min(rng.int(1, 5), quantity(product));
          ordered = shipped + residual;
        } else {
          ordered = Math.min(quantity(product), available);
        }
        ready = ordered - shipped;
        if (status === 'on_ship') rowStatus = 'on_shipping';
      }
      used.add(product);
      const residual = ordered - shipped - cancelled;
      if (open && residual > 0) {
        product.stock!.ordered += residual;
        allocated.set(product, (allocated.get(product) ?? 0) + ready);
      }
      const { price, discount } = applyDiscounts(product.price, discountRates(customer, product, couponRate));
      const vatRate = customer.taxRule === 'exempt' ? 0 : product.vatRate;
      rows.push({
        product,
        description: product.title,
        orderedQty: ordered,
        shippedQty: shipped,
        cancelledQty: cancelled,
        readyQty: ready,
        discount,
        price,
        vatRate,
        subtotal: price * ordered,
        status: rowStatus,
        isPreorder: product.preorder,
        note: product.preorder
          ? `Prenotazione: uscita prevista il ${italianDate(product.releaseDate)}`
          : null,
        id: 0,
      });
    }
    if (rows.length === 0) throw new Error('demo order without rows: the catalogue is too small');

    // Totals (DESIGN §6 rules 5–7).
    const shippingAddress = defaultAddress(customer, 'S');
    const method = SHIPPING_METHODS.find(
      (m) => m.slug === (shippingAddress.country === SHOP.country ? 'national' : 'international'),
    )!;
    const exempt = customer.taxRule === 'exempt';
    const goods = rows.reduce((sum, r) => sum + r.subtotal, 0);
    const goodsVat = rows.reduce((sum, r) => sum + vatOf(r.subtotal, r.vatRate), 0);
    const productShipping = Math.max(0, ...rows.map((r) => r.product.shippingPrice ?? 0));
    const shippingCosts =
      goods + goodsVat >= method.freeShipping ? 0 : productShipping > 0 ? productShipping : method.price;
    const paymentFee = paymentMethod === 'cash_on_delivery' ? SHOP.codFee : 0;
    const extrasVat = exempt ? 0 : vatOf(shippingCosts, method.vatRate) + vatOf(paymentFee, method.vatRate);
    const totalWithoutTaxes = goods + shippingCosts + paymentFee;
    const vat = goodsVat + extrasVat;

    // Status trail, squeezed before `now` when needed.
    const gaps = path.slice(1).map((s) => {
      const [lo, hi] = GAP_HOURS[s] ?? [1, 24];
      return (lo + rng.float() * (hi - lo)) * HOUR_MS;
    });
    const room = now.getTime() - date.getTime() - 30 * 60_000;
    const span = gaps.reduce((a, b) => a + b, 0);
    const scale = span > room ? room / span : 1;
    const changes: OrderSeed['changes'] = [];
    let at = date.getTime();
    for (let i = 0; i < path.length; i++) {
      if (i > 0) at += Math.floor(gaps[i - 1]! * scale);
      const to = path[i]!;
      const from = i > 0 ? path[i - 1]! : null;
      const by: Actor =
        i === 0
          ? plan.channel === 'backoffice'
            ? 'admin'
            : 'customer'
          : to === 'failed_payment' || to === 'delivered' || (to === 'confirmed' && from === 'pending')
            ? 'system'
            : to === 'cancelled' && from === 'pending'
              ? 'system'
              : 'admin';
      changes.push({ from, to, at: new Date(at), by });
    }
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
      shippingSlug: method.slug,
      shippingAddress,
      billingAddress: defaultAddress(customer, 'B'),
      shippingCosts,
      paymentFee,
      couponCode: plan.coupon ?? null,
      vat,
      total: totalWithoutTaxes + vat,
      totalWithoutTaxes,
      customerReference: business && rng.chance(0.5) ? `PO-${year}-${rng.int(100, 999)}` : null,
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

function italianDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

const DOCUMENT_PREFIX: Record<DocumentType, string> = {
  delivery_note: 'DDT',
  invoice: 'INV',
  credit_note: 'CN',
};

/**
 * A delivery note for every shipment, an invoice per delivery note (with shipping and the cash-on-
 * delivery fee on it), one credit note for the company; numbered per type and year by date.
 */
function generateDocuments(orders: OrderSeed[], now: Date, rng: Rng) {
  const documents: DocumentSeed[] = [];
  const make = (type: DocumentType, order: OrderSeed, at: Date, rows: DocumentRowSeed[]): DocumentSeed => {
    const date = romeDate(at);
    return {
      type,
      number: '',
      year: Number(date.slice(0, 4)),
      date,
      at,
      customer: order.customer,
      order,
      quantity: rows.reduce((sum, r) => sum + (r.row ? r.quantity : 0), 0),
      amount: rows.reduce((sum, r) => sum + r.amount, 0),
      vat: rows.reduce((sum, r) => sum + vatOf(r.amount, r.vatRate), 0),
      rows,
    };
  };
  for (const order of orders) {
    const shipment = order.changes.find((c) => c.to === 'shipped' || c.to === 'partially_shipped');
    if (!shipment) continue;
    const goods: DocumentRowSeed[] = order.rows
      .filter((r) => r.shippedQty > 0)
      .map((r) => ({
        row: r,
        productSku: r.product.sku,
        description: r.description,
        quantity: r.shippedQty,
        price: r.price,
        vatRate: r.vatRate,
        amount: r.price * r.shippedQty,
      }));
    const extrasVat = order.customer.taxRule === 'exempt' ? 0 : 2200;
    const extras: DocumentRowSeed[] = [];
    if (order.shippingCosts > 0) {
      extras.push({
        row: null,
        productSku: 'SPESE-TRASPORTO',
        description: 'Spese di trasporto',
        quantity: 1,
        price: order.shippingCosts,
        vatRate: extrasVat,
        amount: order.shippingCosts,
      });
    }
    if (order.paymentFee > 0) {
      extras.push({
        row: null,
        productSku: 'CONTRASSEGNO',
        description: 'Commissione contrassegno',
        quantity: 1,
        price: order.paymentFee,
        vatRate: extrasVat,
        amount: order.paymentFee,
      });
    }
    documents.push(make('delivery_note', order, shipment.at, goods));
    documents.push(make('invoice', order, new Date(shipment.at.getTime() + HOUR_MS), [...goods, ...extras]));
  }

  // A return of one piece on the company's latest delivered order.
  const returned = orders
    .filter(
      (o) => o.customer.email === ACCOUNTS.company && (o.status === 'delivered' || o.status === 'closed'),
    )
    .at(-1);
  if (returned) {
    const row = returned.rows[0]!;
    const delivered = returned.changes.find((c) => c.to === 'shipped')!.at.getTime();
    const at = new Date(Math.min(delivered + (7 + rng.int(0, 5)) * DAY_MS, now.getTime() - HOUR_MS));
    documents.push(
      make('credit_note', returned, at, [
        {
          row,
          productSku: row.product.sku,
          description: `Reso: ${row.description}`,
          quantity: 1,
          price: row.price,
          vatRate: row.vatRate,
          amount: row.price,
        },
      ]),
    );
  }

  documents.sort((a, b) => a.at.getTime() - b.at.getTime());
  const last = new Map<string, SequenceSeed>();
  for (const doc of documents) {
    const key = `${doc.type}:${doc.year}`;
    const seq = last.get(key) ?? { type: doc.type, year: doc.year, lastNumber: 0 };
    seq.lastNumber += 1;
    last.set(key, seq);
    doc.number = `${DOCUMENT_PREFIX[doc.type]}-${doc.year}-${String(seq.lastNumber).padStart(6, '0')}`;
  }
  return { documents, sequences: [...last.values()] };
}
