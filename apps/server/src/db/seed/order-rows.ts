import { OPEN_ORDER_STATUSES, type OrderStatus, type PaymentMethod, type RowStatus } from '@shop/domain';
import type { AddressSnapshot } from '../schema';
import type { ProductSeed } from './catalog';
import { applyDiscounts, vatOf } from './codes';
import { type CustomerSeed, defaultAddress } from './customers';
import { type Plan, SHIPPED_STATUSES } from './order-plans';
import type { Rng } from './random';
import { DISCOUNT_RULES, SHIPPING_METHODS } from './sales-terms';
import { SHOP } from './shop-settings';

/**
 * The rows of the demo orders and their totals: products picked per row shape, discounts, and the
 * reservation of each open row's residual in `stock.ordered` (DESIGN §6 rules 2, 5–7, 9–11).
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

/** Where the rows of every order draw their products from, shared so reservations add up across orders. */
export type RowSource = {
  pick: Picker;
  preorders: ProductSeed[];
  onRequest: ProductSeed[];
  /** Ready quantity already allocated per product (only on-request products can run short). */
  allocated: Map<ProductSeed, number>;
};

export function rowSource(products: ProductSeed[], rng: Rng): RowSource {
  return {
    pick: picker(products, rng),
    preorders: products.filter((p) => p.preorder),
    onRequest: products.filter((p) => p.onRequest),
    allocated: new Map<ProductSeed, number>(),
  };
}

/** The rows of one order placed on `orderDay`; open rows reserve their residual in `stock.ordered`. */
export function orderRows(
  source: RowSource,
  plan: Plan,
  orderDay: string,
  couponRate: number,
  rng: Rng,
): RowSeed[] {
  const { customer, status } = plan;
  const { pick, preorders, onRequest, allocated } = source;
  const open = (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);

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
      note: product.preorder ? `Prenotazione: uscita prevista il ${italianDate(product.releaseDate)}` : null,
      id: 0,
    });
  }
  return rows;
}

export type OrderTotals = {
  shippingAddress: AddressSnapshot;
  shippingSlug: 'national' | 'international';
  shippingCosts: number;
  paymentFee: number;
  vat: number;
  totalWithoutTaxes: number;
};

/** Shipping, payment fee, VAT and totals of an order's rows (DESIGN §6 rules 5–7). */
export function orderTotals(
  customer: CustomerSeed,
  rows: RowSeed[],
  paymentMethod: PaymentMethod,
): OrderTotals {
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
  return { shippingAddress, shippingSlug: method.slug, shippingCosts, paymentFee, vat, totalWithoutTaxes };
}

function italianDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
