import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describePolicy } from './lib/policy';
import { createTestApp, type TestApp } from './test/app';
import { createUser, PASSWORD } from './test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('access policies (DESIGN §5)', () => {
  it('every registered route declares who may call it', () => {
    const routes = t.app.routeList.map((r) => ({
      route: `${[r.method].flat().join(',')} ${r.url}`,
      policy: r.config?.policy?.kind,
    }));
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((r) => !r.policy).map((r) => r.route)).toEqual([]);
  });

  it('lists the API routes with their policy, so a change of access shows up in review', () => {
    const api = t.app.routeList
      .filter((r) => !r.url.startsWith('/api/docs') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${describePolicy(r.config?.policy)}`)
      .sort();
    expect(api).toMatchInlineSnapshot(`
      [
        "DELETE /api/attribute-tags/:id admin",
        "DELETE /api/campaign-rows/:id/delete admin",
        "DELETE /api/coupons/:id admin",
        "DELETE /api/customers/:id/addresses/:addressId own-customer:manage",
        "DELETE /api/customers/:id/users/:userId own-customer:manage",
        "DELETE /api/discount-rules/:id admin",
        "DELETE /api/lists/:id authenticated:read",
        "DELETE /api/lists/:id/items/:productId authenticated:read",
        "DELETE /api/payment-terms/:id admin",
        "DELETE /api/price-list-rows/:id admin",
        "DELETE /api/price-lists/:id admin",
        "DELETE /api/products/:id/images/:imageId admin",
        "DELETE /api/queues/:name/jobs/:id admin",
        "DELETE /api/staff/:id/two-factor admin",
        "DELETE /api/user/other-sessions authenticated:personal",
        "DELETE /api/user/sessions/:sessionId authenticated:personal",
        "DELETE /api/user/two-factor authenticated:personal",
        "DELETE /api/users/:id/:tokenId/revoke own-user:personal",
        "DELETE /api/wishlist/:productId authenticated:read",
        "GET /api/audit-log admin",
        "GET /api/audit-log/export admin",
        "GET /api/backoffice/account-approvals admin",
        "GET /api/backoffice/approvals admin",
        "GET /api/backoffice/campaigns admin",
        "GET /api/backoffice/campaigns/:id admin",
        "GET /api/backoffice/campaigns/:id/rows admin",
        "GET /api/backoffice/customers/:id/credit admin",
        "GET /api/backoffice/dashboard admin",
        "GET /api/backoffice/e-invoices admin",
        "GET /api/backoffice/e-invoices/export admin",
        "GET /api/backoffice/orders/:orderNo admin",
        "GET /api/backoffice/products admin",
        "GET /api/backoffice/returns admin",
        "GET /api/backoffice/returns/:id admin",
        "GET /api/backoffice/returns/:id/photos/:name admin",
        "GET /api/campaigns public",
        "GET /api/campaigns/:id public",
        "GET /api/cart authenticated:read",
        "GET /api/coupons admin",
        "GET /api/coupons/:id admin",
        "GET /api/coupons/:id/orders admin",
        "GET /api/currencies public",
        "GET /api/currencies/:id public",
        "GET /api/customer-groups admin",
        "GET /api/customer-groups/:id admin",
        "GET /api/customer/:id/orders own-customer:read",
        "GET /api/customers admin",
        "GET /api/customers/:id own-customer:read",
        "GET /api/customers/:id/addresses own-customer:read",
        "GET /api/customers/:id/approvals own-customer:approve",
        "GET /api/customers/:id/backorders own-customer:read",
        "GET /api/customers/:id/coupons own-customer:read",
        "GET /api/customers/:id/credit own-customer:manage",
        "GET /api/customers/:id/delivery-notes own-customer:read",
        "GET /api/customers/:id/digital-documents own-customer:read",
        "GET /api/customers/:id/erp-syncs admin",
        "GET /api/customers/:id/on-shipping-rows own-customer:read",
        "GET /api/customers/:id/order-rows own-customer:read",
        "GET /api/customers/:id/shipping-requests/processing-date own-customer:read",
        "GET /api/customers/:id/user admin",
        "GET /api/customers/:id/users own-customer:manage",
        "GET /api/customers/export admin",
        "GET /api/delivery-notes/:id authenticated:read",
        "GET /api/discount-rules admin",
        "GET /api/discount-rules/:id admin",
        "GET /api/documents/:id/pdf authenticated:read",
        "GET /api/documents/:id/xml authenticated:read",
        "GET /api/erp/customers admin",
        "GET /api/erp/status admin",
        "GET /api/exports/:resource admin",
        "GET /api/health public",
        "GET /api/health/live public",
        "GET /api/health/ready public",
        "GET /api/home public",
        "GET /api/import-resources admin",
        "GET /api/imports admin",
        "GET /api/imports/:id admin",
        "GET /api/imports/:resource/template admin",
        "GET /api/lists authenticated:read",
        "GET /api/lists/:id authenticated:read",
        "GET /api/orders admin",
        "GET /api/orders/:orderNo authenticated:read",
        "GET /api/orders/:orderNo/erp-syncs admin",
        "GET /api/orders/:orderNo/payments authenticated:read",
        "GET /api/orders/:orderNo/returns authenticated:read",
        "GET /api/payment-terms admin",
        "GET /api/payment-terms/:id admin",
        "GET /api/price-lists admin",
        "GET /api/price-lists/:id admin",
        "GET /api/price-lists/:id/rows admin",
        "GET /api/product-brands public",
        "GET /api/product-brands/:id public",
        "GET /api/product-categories public",
        "GET /api/product-categories/:id public",
        "GET /api/product-category/:id/attribute-tags admin",
        "GET /api/product-category/:id/subcategories public",
        "GET /api/product-subcategories public",
        "GET /api/product-subcategories/:id public",
        "GET /api/product-subcategory/:id/attribute-tags admin",
        "GET /api/product-variant/:id/attributes admin",
        "GET /api/product/:id/attributes admin",
        "GET /api/products authenticated",
        "GET /api/products/:id/images admin",
        "GET /api/products/:id/price-tiers admin",
        "GET /api/products/:id/purchase admin",
        "GET /api/products/:id/sales admin",
        "GET /api/products/:id/stocks admin",
        "GET /api/products/:id/variants admin",
        "GET /api/products/:sku authenticated",
        "GET /api/products/facets authenticated",
        "GET /api/queues admin",
        "GET /api/queues/:name/jobs admin",
        "GET /api/search/suggestions authenticated",
        "GET /api/settings admin",
        "GET /api/setup public",
        "GET /api/shipping-methods public",
        "GET /api/shipping-methods/:id public",
        "GET /api/shop public",
        "GET /api/staff admin",
        "GET /api/uoms admin",
        "GET /api/user authenticated",
        "GET /api/user/sessions authenticated:personal",
        "GET /api/user/two-factor authenticated:personal",
        "GET /api/users/:id/tokens own-user:personal",
        "GET /api/vat-numbers/check public",
        "GET /api/vats public",
        "GET /api/vats/:id public",
        "GET /api/warehouse-transactions admin",
        "GET /api/warehouse-transactions/:id admin",
        "GET /api/warehouse-transactions/export admin",
        "GET /api/warehouses admin",
        "GET /api/warehouses/:id admin",
        "GET /api/wishlist authenticated:read",
        "GET /metrics own-secret",
        "GET /payments/test/:token public",
        "GET /sanctum/csrf-cookie public",
        "HEAD,GET /uploads/* public",
        "PATCH /api/lists/:id authenticated:read",
        "PATCH /api/products/:id/images/:imageId/cover admin",
        "PATCH /api/products/:id/set-default-variant admin",
        "POST /api/backoffice/account-approvals/:id/approve admin",
        "POST /api/backoffice/customers/:id/users/:userId/sign-in-as admin",
        "POST /api/backoffice/e-invoices/:id/regenerate admin",
        "POST /api/backoffice/e-invoices/send admin",
        "POST /api/backoffice/orders/:orderNo/approve admin",
        "POST /api/backoffice/orders/:orderNo/reject admin",
        "POST /api/backoffice/returns/:id/authorise admin",
        "POST /api/backoffice/returns/:id/cancel admin",
        "POST /api/backoffice/returns/:id/credit admin",
        "POST /api/backoffice/returns/:id/receive admin",
        "POST /api/backoffice/returns/:id/refund admin",
        "POST /api/backoffice/returns/:id/refuse admin",
        "POST /api/campaigns admin",
        "POST /api/campaigns/:id/rows admin",
        "POST /api/cart/quick-order authenticated:order",
        "POST /api/cart/quick-order/file authenticated:order",
        "POST /api/cart/quote authenticated:read",
        "POST /api/coupons admin",
        "POST /api/currencies admin",
        "POST /api/customer-groups admin",
        "POST /api/customers admin",
        "POST /api/customers/:id/addresses own-customer:manage",
        "POST /api/customers/:id/cancel-backorder own-customer:order",
        "POST /api/customers/:id/erp-link admin",
        "POST /api/customers/:id/shipping-requests own-customer:order",
        "POST /api/customers/:id/user/reset-password admin",
        "POST /api/customers/:id/users own-customer:manage",
        "POST /api/customers/:id/users/:userId/disable own-customer:manage",
        "POST /api/customers/:id/users/:userId/enable own-customer:manage",
        "POST /api/customers/:id/users/:userId/resend own-customer:manage",
        "POST /api/discount-rules admin",
        "POST /api/erp/callbacks public",
        "POST /api/images/upload admin",
        "POST /api/impersonation/end authenticated",
        "POST /api/imports/:id/run admin",
        "POST /api/imports/:resource admin",
        "POST /api/lists authenticated:read",
        "POST /api/lists/:id/cart authenticated:read",
        "POST /api/lists/:id/items authenticated:read",
        "POST /api/order-rows/:id/cancel admin",
        "POST /api/order/:id/rows admin",
        "POST /api/orders authenticated:order",
        "POST /api/orders/:orderNo/approve authenticated:approve",
        "POST /api/orders/:orderNo/erp-sync admin",
        "POST /api/orders/:orderNo/payments authenticated:order",
        "POST /api/orders/:orderNo/refunds admin",
        "POST /api/orders/:orderNo/reject authenticated:approve",
        "POST /api/orders/:orderNo/reorder authenticated:order",
        "POST /api/orders/:orderNo/returns authenticated:order",
        "POST /api/orders/:orderNo/shipments admin",
        "POST /api/orders/:orderNo/status admin",
        "POST /api/orders/:orderNo/withdraw authenticated:order",
        "POST /api/payment-terms admin",
        "POST /api/payments/stripe/webhook public",
        "POST /api/payments/test/callback public",
        "POST /api/price-lists admin",
        "POST /api/price-lists/:id/rows admin",
        "POST /api/product-brands admin",
        "POST /api/product-categories admin",
        "POST /api/product-category/:id/attribute-tags admin",
        "POST /api/product-category/:id/subcategories admin",
        "POST /api/product-subcategories admin",
        "POST /api/product-subcategory/:id/attribute-tags admin",
        "POST /api/product-variant/:id/attributes admin",
        "POST /api/product/:id/attributes admin",
        "POST /api/products admin",
        "POST /api/products/:id/images admin",
        "POST /api/products/:id/variants admin",
        "POST /api/queues/:name/jobs/:id/retry admin",
        "POST /api/returns/:id/photos authenticated:order",
        "POST /api/sdi/notifications public",
        "POST /api/setup public",
        "POST /api/shipping-methods admin",
        "POST /api/staff admin",
        "POST /api/staff/:id/disable admin",
        "POST /api/staff/:id/enable admin",
        "POST /api/uoms admin",
        "POST /api/user/two-factor authenticated:personal",
        "POST /api/user/two-factor/confirm authenticated:personal",
        "POST /api/user/two-factor/recovery-codes authenticated:personal",
        "POST /api/users admin",
        "POST /api/users/:id/request-token own-user:personal",
        "POST /api/vats admin",
        "POST /api/warehouse-transactions admin",
        "POST /api/warehouses admin",
        "POST /api/wishlist authenticated:read",
        "POST /forgot-password public",
        "POST /login public",
        "POST /logout public",
        "POST /payments/test/:token public",
        "POST /register public",
        "POST /reset-password public",
        "POST /two-factor-challenge public",
        "PUT /api/attribute-tags/:id admin",
        "PUT /api/campaign/:id admin",
        "PUT /api/cart authenticated:read",
        "PUT /api/coupons/:id admin",
        "PUT /api/currencies/:id admin",
        "PUT /api/customer-groups/:id admin",
        "PUT /api/customers/:id own-customer:manage",
        "PUT /api/customers/:id/addresses/:addressId own-customer:manage",
        "PUT /api/customers/:id/settings own-customer:manage",
        "PUT /api/customers/:id/user admin",
        "PUT /api/customers/:id/users/:userId own-customer:manage",
        "PUT /api/discount-rules/:id admin",
        "PUT /api/orders/:orderNo admin",
        "PUT /api/payment-terms/:id admin",
        "PUT /api/price-list-rows/:id admin",
        "PUT /api/price-lists/:id admin",
        "PUT /api/product-brands/:id admin",
        "PUT /api/product-categories/:id admin",
        "PUT /api/product-subcategories/:id admin",
        "PUT /api/products/:id admin",
        "PUT /api/products/:id/images/order admin",
        "PUT /api/products/:id/price-tiers admin",
        "PUT /api/products/:id/stocks/:warehouseId admin",
        "PUT /api/settings admin",
        "PUT /api/shipping-methods/:id admin",
        "PUT /api/uoms/:id admin",
        "PUT /api/users/:id/password own-user:personal",
        "PUT /api/variants/:id admin",
        "PUT /api/vats/:id admin",
        "PUT /api/warehouses/:id admin",
      ]
    `);
  });
});

describe('bad input never makes a 500 (DESIGN §5)', () => {
  async function signedIn() {
    const client = t.client();
    await client.get('/sanctum/csrf-cookie');
    return client;
  }

  it('malformed JSON → 400', async () => {
    const client = await signedIn();
    const res = await client.post('/login', '{"email": "a@b.it",', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('wrong content type → 415', async () => {
    const client = await signedIn();
    const res = await client.post('/login', 'email=a@b.it&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/application\/json/);
    const text = await client.post('/login', 'hello', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });

  it('body over 1 MB → 413', async () => {
    const client = await signedIn();
    const res = await client.post('/login', { email: 'a@b.it', password: 'x'.repeat(1_100_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('wrong types, missing and unknown fields → 422 with per-field messages', async () => {
    const client = await signedIn();
    const wrong = await client.post('/login', { email: 42, password: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ email: ['Invalid value'], password: ['Invalid value'] });

    const missing = await client.post('/login', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'Required',
      errors: { email: ['Required'], password: ['Required'] },
    });

    const badEmail = await client.post('/forgot-password', { email: 'not-an-email' });
    expect(badEmail.json()).toEqual({ message: 'Invalid email', errors: { email: ['Invalid email'] } });

    const unknown = await client.post('/login', { email: 'a@b.it', password: 'x', role: 'admin' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ role: ['Unknown field: role'] });

    const array = await client.post('/login', [1, 2]);
    expect(array.statusCode).toBe(422);
  });

  it('an empty body with a JSON content type → 400, and no body at all → 422', async () => {
    const client = await signedIn();
    const empty = await client.post('/login', '', { 'content-type': 'application/json' });
    expect(empty.statusCode).toBe(400);
    const none = await client.post('/login');
    expect(none.statusCode).toBe(422);
  });

  it('bad path parameters → 422, unknown API paths → 404 JSON', async () => {
    const { email } = await createUser(t.db, { isSuperAdmin: true });
    const client = t.client();
    await client.login(email, PASSWORD);
    expect((await client.get('/api/vats/abc')).statusCode).toBe(422);
    expect((await client.get('/api/vats/99999999999999999999')).statusCode).toBe(422);
    const missing = await client.get('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Not Found' });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.client().get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
    expect(doc.paths['/api/users/{id}/password']).toHaveProperty('put');
    const ui = await t.client().get('/api/docs/');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});
