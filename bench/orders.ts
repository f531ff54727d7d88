import type { Request } from 'autocannon';
import type { Scenario } from './scenarios';

/**
 * Issue 5 targets: order placement with 5-line carts ≥ 100 orders/s on PostgreSQL, cart quote
 * p99 ≤ 15 ms. Orders take units only from products with stock left (counted here as they go), so
 * none is refused for stock; every order has its own Idempotency-Key.
 */

export type Stocked = { id: number; left: number };

/** Signs in and returns the cookies and the XSRF header a browser would send with a POST. */
export async function postHeaders(baseUrl: string, email: string): Promise<Record<string, string>> {
  const csrf = await fetch(`${baseUrl}/sanctum/csrf-cookie`);
  const first = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const login = await fetch(`${baseUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${first}`, 'x-xsrf-token': first },
    body: JSON.stringify({ email, password: 'Password1!' }),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: ${login.status}`);
  const cookies = new Map(
    login.headers.getSetCookie().map((c) => c.split(';')[0]!.split('=') as [string, string]),
  );
  const xsrf = cookies.get('XSRF-TOKEN') ?? first;
  cookies.set('XSRF-TOKEN', xsrf);
  return {
    cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': decodeURIComponent(xsrf),
    'content-type': 'application/json',
  };
}

/** Products in stock with how many units are available, from the storefront list itself. */
export async function stockedProducts(baseUrl: string, headers: Record<string, string>): Promise<Stocked[]> {
  const found: Stocked[] = [];
  for (let page = 1; page <= 50; page++) {
    const res = await fetch(`${baseUrl}/api/products?filter=in_stock&per_page=100&page=${page}`, {
      headers: { cookie: headers.cookie! },
    });
    const body = (await res.json()) as {
      data: { id: number; has_variants: boolean; available_quantity: number }[];
    };
    if (body.data.length === 0) break;
    for (const p of body.data)
      if (!p.has_variants && p.available_quantity > 0) found.push({ id: p.id, left: p.available_quantity });
  }
  if (found.length < 5) throw new Error('bench: fewer than 5 products in stock');
  return found;
}

const address = {
  firstname: 'Bench',
  lastname: 'Buyer',
  address: 'Via Roma 1',
  postcode: '20100',
  city: 'Milano',
  country: 'IT',
};

/** Five different products with a unit left each, taken from the shared pool. */
function fiveLines(pool: Stocked[]) {
  const lines: { id: number; isVariant: false; quantity: 1 }[] = [];
  for (let tries = 0; lines.length < 5 && tries < 200; tries++) {
    const p = pool[Math.floor(Math.random() * pool.length)]!;
    if (p.left <= 0 || lines.some((l) => l.id === p.id)) continue;
    p.left -= 1;
    lines.push({ id: p.id, isVariant: false, quantity: 1 });
  }
  return lines;
}

let orderKeys = 0;

export const orderScenarios: Scenario[] = [
  {
    name: 'POST /api/cart/quote (5 lines)',
    method: 'POST',
    path: '/api/cart/quote',
    setup: async (baseUrl) => {
      const headers = await postHeaders(baseUrl, 'company@example.com');
      const pool = await stockedProducts(baseUrl, headers);
      const products = pool.slice(0, 5).map((p) => ({ id: p.id, isVariant: false, quantity: 1 }));
      return { headers, body: JSON.stringify({ products, payment_method: 'cash_on_delivery' }) };
    },
  },
  {
    name: 'POST /api/orders (5 lines)',
    method: 'POST',
    path: '/api/orders',
    setup: async (baseUrl) => {
      const headers = await postHeaders(baseUrl, 'company@example.com');
      const pool = await stockedProducts(baseUrl, headers);
      const setupRequest = (request: Request): Request => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': `bench-${process.pid}-${++orderKeys}` },
        body: JSON.stringify({
          products: fiveLines(pool),
          billing: { address },
          shipping: { address },
          payment_method: 'as_agreed',
        }),
      });
      return { headers, setupRequest };
    },
  },
];
