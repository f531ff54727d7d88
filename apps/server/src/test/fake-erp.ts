import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErpCustomer } from '@shop/domain';

/**
 * A local stand-in for the ERP's customer search (GET /customers?q=, GET /customers/{code}): matches
 * the query in name, VAT id, tax number or code. `down` makes it answer 500; every request needs the
 * Bearer token. Records every asked path.
 */
export async function startFakeErp(customers: ErpCustomer[], token = 'erp-secret') {
  const asked: string[] = [];
  const state = { down: false };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://erp');
    asked.push(url.pathname + url.search);
    const send = (status: number, body?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, { message: 'Unauthorized' });
    if (state.down) return send(500, { message: 'down' });
    if (url.pathname === '/customers') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const match = (c: ErpCustomer) =>
        [c.name, c.vat_id, c.tax_number, c.code].some((v) => v?.toLowerCase().includes(q));
      return send(200, { data: customers.filter(match) });
    }
    const one = /^\/customers\/([^/]+)$/.exec(url.pathname);
    const found = one && customers.find((c) => c.code === decodeURIComponent(one[1]!));
    return found ? send(200, found) : send(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    asked,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
