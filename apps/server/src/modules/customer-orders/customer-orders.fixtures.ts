import type { PaymentMethod, PlacedOrder } from '@shop/domain';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { line, newKey, openShop, rowsOf, type Shop } from '../orders/checkout.fixtures';

/**
 * The demo shop (reference data, an administrator) plus two customers of its own, Alice and Bob, whose
 * orders a test writes through POST /api/orders at the instants it chooses.
 */

export type Buyer = 'alice' | 'bob';
export type CustomerShop = Shop & {
  buyers: Record<
    Buyer,
    {
      client: TestClient;
      customerId: number;
      addresses: Record<'billing' | 'shipping', { address_id: number }>;
    }
  >;
  visitor: TestClient;
};

export async function openCustomerShop(): Promise<CustomerShop> {
  const shop = await openShop();
  const buyers = {} as CustomerShop['buyers'];
  for (const who of ['alice', 'bob'] as const) {
    const { customerId, email } = await createUser(shop.t.db, {
      email: `${who}@example.com`,
      customer: { firstname: who },
    });
    const client = shop.t.client();
    expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
    const addresses = await rowsOf<{ id: number; type: 'B' | 'S' }>(
      shop.t.db,
      sql`select id, type from customer_addresses where customer_id = ${customerId} and is_default`,
    );
    buyers[who] = {
      client,
      customerId: customerId!,
      addresses: {
        billing: { address_id: addresses.find((a) => a.type === 'B')!.id },
        shipping: { address_id: addresses.find((a) => a.type === 'S')!.id },
      },
    };
  }
  return { ...shop, buyers, visitor: shop.t.client() };
}

/** Places an order as `who` at `instant` (the app's clock), cash on delivery unless told otherwise. */
export async function orderAt(
  shop: CustomerShop,
  who: Buyer,
  instant: string,
  lines: [productId: number, quantity: number][],
  paymentMethod: PaymentMethod = 'cash_on_delivery',
): Promise<PlacedOrder['order']> {
  const before = shop.t.clock.now;
  shop.t.clock.now = new Date(instant);
  try {
    const res = await shop.buyers[who].client.post(
      '/api/orders',
      {
        products: lines.map(([id, quantity]) => line(id, quantity)),
        payment_method: paymentMethod,
        ...shop.buyers[who].addresses,
      },
      newKey(),
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as PlacedOrder).order;
  } finally {
    shop.t.clock.now = before;
  }
}

/** Order rows as stored, by id. */
export async function storedRows(shop: Shop, ids: number[]) {
  return rowsOf<{
    id: number;
    status: string;
    ordered_qty: number;
    shipped_qty: number;
    cancelled_qty: number;
    ready_qty: number;
    shipping_request_id: number | null;
  }>(
    shop.t.db,
    sql`select id, status, ordered_qty, shipped_qty, cancelled_qty, ready_qty, shipping_request_id
      from order_rows where id in ${ids} order by id`,
  );
}

export async function countOf(shop: Shop, table: 'shipping_requests' | 'order_status_changes') {
  const [row] = await rowsOf<{ n: number }>(
    shop.t.db,
    sql`select count(*)::integer as n from ${sql.identifier(table)}`,
  );
  return row!.n;
}
