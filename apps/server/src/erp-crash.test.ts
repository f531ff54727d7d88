import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ErpSync, PlacedOrder } from '@shop/domain';
import { startErpSim } from '@shop/erp-sim';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo';
import { rowsOf } from './modules/orders/checkout.fixtures';
import { httpClient, type ServerProcess, startServer } from './test/server-process';

/**
 * Issue 8's outbox proof on the real process: an order committed, the server killed with SIGKILL at
 * once, and after a restart the order reaches the ERP simulator, once.
 */

const TOKEN = 'erp-crash-token';
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-crash-'));
const running: ServerProcess[] = [];
afterAll(() => {
  for (const server of running) server.process.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The demo shop on the server's own database, and what a company order needs from it. */
async function prepareShop() {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
  try {
    await database.migrate();
    await seedDemo(database.db, { productCount: 50 });
    const [ids] = await rowsOf<{ product: number; billing: number; shipping: number }>(
      database.db,
      sql`select
        (select p.id from products p join stocks s on s.product_id = p.id
          where not p.has_variants and s.on_hand - s.ordered >= 5 and p.available
          order by p.id limit 1) as product,
        (select a.id from customer_addresses a join customers c on c.id = a.customer_id
          where c.email = ${ACCOUNTS.company} and a.type = 'B' and a.is_default) as billing,
        (select a.id from customer_addresses a join customers c on c.id = a.customer_id
          where c.email = ${ACCOUNTS.company} and a.type = 'S' and a.is_default) as shipping`,
    );
    return ids!;
  } finally {
    await database.close();
  }
}

describe('an order committed right before the server is killed', () => {
  it('reaches the ERP once after the restart', async () => {
    const ids = await prepareShop();
    const sim = await startErpSim({ token: TOKEN });
    // Slow: the push is still on its way (or not yet made) when the process dies.
    sim.store.delayMs = 3000;
    const env = { ERP_URL: sim.url, ERP_TOKEN: TOKEN };
    try {
      const first = await startServer(dataDir, env);
      running.push(first);
      const company = httpClient(first.url);
      expect((await company.login(ACCOUNTS.company, DEMO_PASSWORD)).status).toBe(200);
      const placed = await company.post(
        '/api/orders',
        {
          products: [{ id: ids.product, isVariant: false, quantity: 2 }],
          payment_method: 'cash_on_delivery',
          billing: { address_id: ids.billing },
          shipping: { address_id: ids.shipping },
        },
        { 'idempotency-key': 'crash-test-order' },
      );
      expect(placed.status).toBe(201);
      first.process.kill('SIGKILL');
      const { order } = (await placed.json()) as PlacedOrder;
      expect(await first.exited).toBeNull();

      sim.store.delayMs = 0;
      const second = await startServer(dataDir, env);
      running.push(second);
      const admin = httpClient(second.url);
      expect((await admin.login(ACCOUNTS.admin, DEMO_PASSWORD)).status).toBe(200);
      const syncs = async () =>
        (await (await admin.get(`/api/orders/${order.orderNo}/erp-syncs`)).json()) as ErpSync[];
      const deadline = Date.now() + 100_000;
      let latest = await syncs();
      while (latest[0]?.status !== 'sent' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        latest = await syncs();
      }

      expect(latest.map((s) => s.status)).toEqual(['sent']);
      expect([...sim.store.orders.keys()]).toEqual([order.orderNo]);
      const received = sim.store.orders.get(order.orderNo)!;
      expect(received.order.rows.map((r) => r.quantities.ordered)).toEqual([2]);
      const shown = (await (await admin.get(`/api/backoffice/orders/${order.orderNo}`)).json()) as {
        erp_order_no: string | null;
      };
      expect(shown.erp_order_no).toBe(received.erp_order_no);

      second.process.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await sim.close();
    }
  }, 180_000);
});
