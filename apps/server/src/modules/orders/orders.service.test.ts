import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusChanges, orders } from '../../db/schema';
import type { Actor, Ctx } from '../../lib/context';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { changeOrderStatus, getOrderForActor } from './orders.service';

/** The status machine as the server enforces it (DESIGN §6 rule 10), and who may read an order. */

let t: TestApp;
let ctx: Ctx;
let customerId: number;
let userId: number;
let n = 0;

const address = {
  company: null,
  firstname: 'A',
  lastname: 'B',
  co: null,
  address: 'Via 1',
  postcode: '1',
  city: 'X',
  state: null,
  country: 'IT',
  phone: null,
};

async function newOrder(status: 'registered' | 'pending' = 'registered') {
  n += 1;
  const [row] = await t.db
    .insert(orders)
    .values({
      orderNo: `T-${n}`,
      customerId,
      status,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: address,
      billingAddress: address,
      vat: 0,
      total: 1000,
      totalWithoutTaxes: 1000,
    })
    .returning();
  return row!;
}

const changes = (orderId: number) =>
  t.db
    .select({
      from: orderStatusChanges.fromStatus,
      to: orderStatusChanges.toStatus,
      by: orderStatusChanges.userId,
    })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));

const statusOf = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

beforeAll(async () => {
  t = await createTestApp();
  ctx = { ...t.app.deps, log: t.app.log, actor: null };
  const user = await createUser(t.db);
  customerId = user.customerId!;
  userId = user.user.id;
});
afterAll(() => t.close());

describe('changeOrderStatus', () => {
  it('moves registered → confirmed → in_work and records each change with who made it', async () => {
    const order = await newOrder();
    await changeOrderStatus(ctx, order.id, 'confirmed', userId);
    await changeOrderStatus(ctx, order.id, 'in_work', null);
    expect(await statusOf(order.id)).toBe('in_work');
    expect(await changes(order.id)).toEqual([
      { from: 'registered', to: 'confirmed', by: userId },
      { from: 'confirmed', to: 'in_work', by: null },
    ]);
  });

  it('refuses an illegal transition with 409 and changes nothing', async () => {
    const order = await newOrder();
    const refused = changeOrderStatus(ctx, order.id, 'shipped', userId);
    await expect(refused).rejects.toBeInstanceOf(ConflictError);
    await expect(refused).rejects.toMatchObject({
      status: 409,
      message: 'The order cannot go from registered to shipped.',
    });
    expect(await statusOf(order.id)).toBe('registered');
    expect(await changes(order.id)).toEqual([]);
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const order = await newOrder('pending');
    await expect(
      inTransaction(ctx, async (tx) => {
        await changeOrderStatus(tx, order.id, 'failed_payment', null);
        throw new Error('the caller fails after the change');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await statusOf(order.id)).toBe('pending');
    expect(await changes(order.id)).toEqual([]);
  });

  it('answers 404 for an order that does not exist', async () => {
    await expect(changeOrderStatus(ctx, 999_999, 'confirmed', null)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('getOrderForActor', () => {
  const actor = (a: Partial<Actor>): Actor => ({
    userId: 1,
    email: 'x@example.com',
    isSuperAdmin: false,
    customerId: null,
    customerRole: null,
    sessionId: null,
    tokenId: null,
    impersonator: null,
    ...a,
  });

  it("returns the customer's own order and any order to an admin; another customer's is 404", async () => {
    const order = await newOrder();
    const mine = await getOrderForActor({ ...ctx, actor: actor({ customerId }) }, order.orderNo);
    expect(mine).toMatchObject({ id: order.id, orderNo: order.orderNo, customer_id: customerId, rows: [] });
    expect(await getOrderForActor({ ...ctx, actor: actor({ isSuperAdmin: true }) }, order.orderNo)).toEqual(
      mine,
    );
    await expect(
      getOrderForActor({ ...ctx, actor: actor({ customerId: customerId + 1000 }) }, order.orderNo),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
