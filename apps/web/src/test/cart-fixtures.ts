import { type CartProduct, type Order, PAYMENT_METHODS, type Quote } from '@shop/domain';

/** A priced cart line as the server sends it: CD at 12.90 net, 22% VAT, 2 units (override anything). */
export function cartProduct(overrides: Partial<CartProduct> = {}): CartProduct {
  const base: CartProduct = {
    id: 1,
    isVariant: false,
    key: '1:p',
    sku: 'MU000001',
    title: 'Canzoni del mare',
    author: 'I Gabbiani',
    cover_url: null,
    price: 1290,
    tier_price: null,
    discount_rate: 0,
    discounted_price: 1290,
    campaignPrice: null,
    isUnderCampaign: false,
    contract_price: null,
    price_source: 'list',
    coupon_rate: 0,
    price_before_coupon: 1290,
    unit_price: 1290,
    vatId: 1,
    vatRate: 2200,
    quantity: 2,
    requested_quantity: 2,
    min_quantity: null,
    max_quantity: null,
    available_quantity: 12,
    is_preorder: false,
    note: null,
    product_category_id: 1,
    singlePriceWithVat: 1574,
    totalPrice: 2580,
    totalPriceWithVat: 3148,
    roundedTotalPriceWithVat: 3148,
    coupon_share: 0,
    vat: 568,
  };
  return { ...base, ...overrides };
}

/** A quote for `products`: shipping 7.90 + 22% (9.64), no coupon, no fee, unless overridden. */
export function quote(products: CartProduct[], overrides: Partial<Quote> = {}): Quote {
  const subtotal = products.reduce((sum, p) => sum + p.totalPrice, 0);
  const withVat = products.reduce((sum, p) => sum + p.roundedTotalPriceWithVat, 0);
  const base: Quote = {
    customer_id: 11,
    display: 'net',
    products,
    removed: [],
    coupon: null,
    coupon_amount: null,
    coupon_error: null,
    shipping: {
      methodId: 1,
      slug: 'national',
      price: 790,
      priceWithVAT: 964,
      free_shipping: 15000,
      is_free: false,
    },
    payment_method: null,
    payment_methods: [...PAYMENT_METHODS],
    payment_fee: 0,
    payment_fee_with_vat: 0,
    subtotal,
    subtotal_with_vat: withVat,
    vat: withVat - subtotal + 174,
    total_without_taxes: subtotal + 790,
    total: withVat + 964,
  };
  return { ...base, ...overrides };
}

const address = {
  company: 'Dischi Rossi srl',
  firstname: 'Anna',
  lastname: 'Rossi',
  co: null,
  address: 'Via Verdi 3',
  postcode: '20121',
  city: 'Milano',
  state: 'MI',
  country: 'IT',
  phone: null,
};

/** A placed order of two CDs by card, awaiting payment (override anything). */
export function order(overrides: Partial<Order> = {}): Order {
  const base: Order = {
    id: 90,
    orderNo: 'W-2026-000090',
    erp_order_no: null,
    channel: 'web',
    customer_id: 11,
    billing_company: 'Dischi Rossi srl',
    date: '2026-03-02T10:15:00Z',
    status: 'pending',
    payment_method: 'card',
    shipping_method_id: 1,
    shipping_address: address,
    billing_address: address,
    shipping_costs: 790,
    payment_fee: 0,
    coupon_code: null,
    vat: 742,
    total: 4112,
    total_without_taxes: 3370,
    customer_reference: null,
    customer_reference_date: null,
    erp_order_reason: null,
    paid_at: null,
    rows: [
      {
        id: 1,
        product_id: 1,
        product_sku: 'MU000001',
        description: 'Canzoni del mare',
        total_ordered_qty: 2,
        quantities: { ordered: 2, shipped: 0, cancelled: 0, residual: 2, ready: 0 },
        discount: 0,
        price: 1290,
        vat_rate: 2200,
        subtotal: 2580,
        status: 'not_shipped',
        is_preorder: false,
        note: null,
      },
    ],
  };
  return { ...base, ...overrides };
}
