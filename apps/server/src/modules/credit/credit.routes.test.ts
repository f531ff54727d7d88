import type { CreditStatus, PlacedOrder } from '@shop/domain';
import { companyMessages } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { addProduct, line, newKey, openShop, type Shop } from '../orders/checkout.fixtures';
import { defaultAddresses, insertInvoice } from './credit.fixtures';

/**
 * A customer's credit (issue 20 point 3): exposure = unpaid invoices + open orders not yet invoiced,
 * VAT included, shown to staff and to the company admin; a buyer may not see it, another customer's
 * id answers 404.
 */

let shop: Shop;
let customerId: number;
let admin: TestClient;
let buyer: TestClient;
let placed: PlacedOrder['order'];

async function signIn(email: string) {
  const client = shop.t.client();
  expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
  return client;
}

beforeAll(async () => {
  shop = await openShop();
  const owner = await createUser(shop.t.db, {
    customer: { type: 'G', company: 'Rossi Dischi Srl', creditLimit: 500_000 },
  });
  customerId = owner.customerId!;
  admin = await signIn(owner.email);
  buyer = await signIn((await createUser(shop.t.db, { customerId, role: 'buyer' })).email);
  const p = await addProduct(shop.t.db, { price: 10_000, stock: 10 });
  const res = await admin.post(
    '/api/orders',
    {
      payment_method: 'cash_on_delivery',
      products: [line(p.id, 2)],
      ...(await defaultAddresses(shop.t.db, customerId)),
    },
    newKey(),
  );
  expect(res.statusCode, res.body).toBe(201);
  placed = (res.json() as PlacedOrder).order;
  // The open order is partly invoiced (61.00 €), its invoice half paid; an older invoice (ERP, no
  // order) of 244.00 € is unpaid and overdue since 10 November.
  await insertInvoice(shop.t.db, {
    customerId,
    orderId: placed.id,
    amount: 5_000,
    vat: 1_100,
    instalments: [
      { dueDate: '2026-10-31', amount: 3_050, paid: true },
      { dueDate: '2026-12-31', amount: 3_050 },
    ],
  });
  await insertInvoice(shop.t.db, {
    customerId,
    amount: 20_000,
    vat: 4_400,
    instalments: [{ dueDate: '2026-11-10', amount: 24_400 }],
  });
});
afterAll(() => shop.t.close());

describe('GET …/customers/{id}/credit', () => {
  it('shows staff the exposure to the cent: unpaid instalments plus the open order less what is invoiced', async () => {
    const res = await shop.clients.admin.get(`/api/backoffice/customers/${customerId}/credit`);
    expect(res.statusCode, res.body).toBe(200);
    const openPart = placed.total - 6_100;
    expect(res.json()).toEqual({
      credit_limit: 500_000,
      unpaid_invoices: 3_050 + 24_400,
      open_orders: openPart,
      exposure: 27_450 + openPart,
      overdue_invoices: 1,
      oldest_overdue: '2026-11-10',
      available: 500_000 - 27_450 - openPart,
      blocked: false,
    } satisfies CreditStatus);
  });

  it('shows the company admin the same figures', async () => {
    const staff = (await shop.clients.admin.get(`/api/backoffice/customers/${customerId}/credit`)).json();
    const res = await admin.get(`/api/customers/${customerId}/credit`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(staff);
  });

  it('a credit note lowers what its order still owes; a cancelled order no longer counts', async () => {
    const before = (await admin.get(`/api/customers/${customerId}/credit`)).json() as CreditStatus;
    await insertInvoice(shop.t.db, {
      customerId,
      orderId: placed.id,
      amount: 1_000,
      vat: 220,
      type: 'credit_note',
    });
    const after = (await admin.get(`/api/customers/${customerId}/credit`)).json() as CreditStatus;
    expect(after.unpaid_invoices).toBe(before.unpaid_invoices - 1_220);
    expect(after.open_orders).toBe(before.open_orders);
  });

  it('refuses a buyer (403), another customer (404) and a visitor (401)', async () => {
    const byBuyer = await buyer.get(`/api/customers/${customerId}/credit`);
    expect([byBuyer.statusCode, byBuyer.json().message]).toEqual([403, companyMessages.roleForbidden]);
    expect((await shop.clients.company.get(`/api/customers/${customerId}/credit`)).statusCode).toBe(404);
    expect((await admin.get(`/api/backoffice/customers/${customerId}/credit`)).statusCode).toBe(403);
    expect((await shop.t.client().get(`/api/customers/${customerId}/credit`)).statusCode).toBe(401);
  });

  it('answers 404 to staff for a customer that does not exist, and credit_limit null without a limit', async () => {
    expect((await shop.clients.admin.get('/api/backoffice/customers/999999/credit')).statusCode).toBe(404);
    const res = await shop.clients.admin.get(`/api/backoffice/customers/${shop.ids.private}/credit`);
    expect(res.json()).toMatchObject({ credit_limit: null, available: null, blocked: false });
  });
});
