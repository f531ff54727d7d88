import { CUSTOMER_ROLES, type CustomerRole, companyMessages, roleCan } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from './lib/policy';
import { createTestApp, type TestApp, type TestClient } from './test/app';
import { createUser, PASSWORD } from './test/factories';

/**
 * Issue 19 point 2: every customer route called as each role of a company. The routes are read from
 * the app, so a route added later is in the matrix the day it is registered. A route the role may use
 * is not refused by its policy (it may still answer 404 or 422 to the placeholder ids and empty body);
 * one it may not use answers 403 with the role's message. Another customer's id answers 404 to all.
 */

type CustomerRoute = { method: string; url: string; policy: Extract<Policy, { ability?: unknown }> };

let t: TestApp;
let customerId: number;
let otherCustomerId: number;
const clients = {} as Record<CustomerRole, TestClient>;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.db, { customer: { type: 'G', company: 'Dischi Rossi srl' } });
  customerId = admin.customerId!;
  otherCustomerId = (await createUser(t.db)).customerId!;
  for (const role of CUSTOMER_ROLES) {
    const user = role === 'admin' ? admin : await createUser(t.db, { customerId, role });
    clients[role] = t.client();
    expect((await clients[role].login(user.email, PASSWORD)).statusCode).toBe(200);
  }
}, 60_000);
afterAll(() => t.close());

function customerRoutes(): CustomerRoute[] {
  return t.app.routeList
    .filter((r) => r.method !== 'HEAD')
    .flatMap((r) => {
      const policy = r.config?.policy;
      if (!policy || !('ability' in policy) || !policy.ability) return [];
      return [[r.method].flat().map((method) => ({ method, url: r.url, policy }))].flat();
    });
}

/** The route's path with the customer's own id (or another's) and ids that match nothing elsewhere. */
function pathOf(route: CustomerRoute, id: number): string {
  return route.url.replace(/:(\w+)/g, (_, name: string) => {
    if (route.policy.kind === 'own-customer' && name === route.policy.param) return String(id);
    return name === 'orderNo' ? '2000-999999' : '999999';
  });
}

async function call(client: TestClient, route: CustomerRoute, id = customerId) {
  const path = pathOf(route, id);
  const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  return client.request(route.method as 'GET', path, body);
}

const refusedByRole = (res: { statusCode: number; json: () => { message?: string } }) =>
  res.statusCode === 403 && res.json().message === companyMessages.roleForbidden;

describe('role matrix (issue 19 point 2)', () => {
  it('covers the customer routes that order, approve, manage and read', () => {
    const abilities = new Set(customerRoutes().map((r) => r.policy.ability));
    expect([...abilities].sort()).toEqual(['approve', 'manage', 'order', 'read']);
    expect(customerRoutes().length).toBeGreaterThan(30);
  });

  it.each(CUSTOMER_ROLES)(
    'as %s, each route is allowed or refused as the role says',
    async (role) => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const route of customerRoutes()) {
        const res = await call(clients[role], route);
        const name = `${route.method} ${route.url}`;
        outcomes.push(`${name} → ${refusedByRole(res) ? 403 : 'allowed'}`);
        expected.push(`${name} → ${roleCan(role, route.policy.ability!) ? 'allowed' : 403}`);
      }
      expect(outcomes).toEqual(expected);
    },
    120_000,
  );

  it("answers 404 to every role on another customer's routes", async () => {
    const ownCustomerRoutes = customerRoutes().filter((r) => r.policy.kind === 'own-customer');
    for (const role of CUSTOMER_ROLES) {
      const statuses = new Set<number>();
      for (const route of ownCustomerRoutes) {
        statuses.add((await call(clients[role], route, otherCustomerId)).statusCode);
      }
      expect([role, [...statuses]]).toEqual([role, [404]]);
    }
  }, 120_000);

  it('a viewer cannot place an order: 403 with the role message', async () => {
    const res = await clients.viewer.post('/api/orders', {}, { 'idempotency-key': 'viewer-1' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(companyMessages.roleForbidden);
  });
});
