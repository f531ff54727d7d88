import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn(options: Parameters<typeof createUser>[1] = {}) {
  const created = await createUser(t.db, options);
  const client = t.client();
  await client.login(created.email, PASSWORD);
  return { ...created, client };
}

describe('POST /api/users', () => {
  it('lets an administrator create a sign-in account for a customer', async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const { customerId } = await createUser(t.db);
    const res = await admin.client.post('/api/users', {
      email: 'Buyer@Shop.it',
      password: 'Compra-123',
      customer_id: customerId,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'buyer@shop.it',
      is_super_admin: false,
      customer_id: customerId,
    });
    expect((await t.client().login('buyer@shop.it', 'Compra-123')).statusCode).toBe(200);
  });

  it('refuses a customer with 403, anonymous with 401', async () => {
    const customer = await signIn();
    const body = { email: 'x@shop.it', password: 'Compra-123', is_super_admin: true };
    expect((await customer.client.post('/api/users', body)).statusCode).toBe(403);
    const anonymous = t.client();
    await anonymous.get('/sanctum/csrf-cookie');
    expect((await anonymous.post('/api/users', body)).statusCode).toBe(401);
  });

  it('refuses a taken e-mail and an unknown customer with 422', async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const taken = await admin.client.post('/api/users', { email: admin.email, password: 'Compra-123' });
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const ghost = await admin.client.post('/api/users', {
      email: 'n@shop.it',
      password: 'Compra-123',
      customer_id: 999999,
    });
    expect(ghost.json().errors.customer_id).toEqual(['Customer not found']);
  });
});

describe('personal API tokens', () => {
  it('creates a token shown once, which then authenticates without cookies or CSRF', async () => {
    const { user, client } = await signIn();
    const created = await client.post(`/api/users/${user.id}/request-token`, { name: 'Gestionale' });
    expect(created.statusCode).toBe(201);
    const { token, id } = created.json();
    expect(token.length).toBeGreaterThan(40);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().id).toBe(user.id);

    const list = await client.get(`/api/users/${user.id}/tokens`);
    expect(list.json().data).toEqual([
      {
        id,
        name: 'Gestionale',
        scope: 'read-write',
        expires_at: expect.any(String),
        last_used_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list.json())).not.toContain(token);

    expect((await client.delete(`/api/users/${user.id}/${id}/revoke`)).statusCode).toBe(204);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.statusCode).toBe(401);
    expect((await client.delete(`/api/users/${user.id}/${id}/revoke`)).statusCode).toBe(404);
  });

  it("keeps another user's tokens out of reach (404)", async () => {
    const a = await signIn();
    const b = await signIn();
    const created = await b.client.post(`/api/users/${b.user.id}/request-token`, { name: 'B' });
    expect((await a.client.get(`/api/users/${b.user.id}/tokens`)).statusCode).toBe(404);
    expect((await a.client.post(`/api/users/${b.user.id}/request-token`, { name: 'evil' })).statusCode).toBe(
      404,
    );
    expect((await a.client.delete(`/api/users/${b.user.id}/${created.json().id}/revoke`)).statusCode).toBe(
      404,
    );
    expect((await a.client.delete(`/api/users/${a.user.id}/${created.json().id}/revoke`)).statusCode).toBe(
      404,
    );
    expect((await b.client.get(`/api/users/${b.user.id}/tokens`)).json().data).toHaveLength(1);
  });

  it('refuses a token without a name', async () => {
    const { user, client } = await signIn();
    const res = await client.post(`/api/users/${user.id}/request-token`, { name: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['Invalid length']);
  });
});

describe('PUT /api/users/{id}/password', () => {
  it('changes the own password after checking the current one, and signs out other sessions', async () => {
    const { user, email, client } = await signIn();
    const other = t.client();
    await other.login(email, PASSWORD);

    const wrong = await client.put(`/api/users/${user.id}/password`, {
      current_password: 'Nope-1234',
      password: 'Cambiata-9',
      password_confirmation: 'Cambiata-9',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The provided password is incorrect.']);

    const ok = await client.put(`/api/users/${user.id}/password`, {
      current_password: PASSWORD,
      password: 'Cambiata-9',
      password_confirmation: 'Cambiata-9',
    });
    expect(ok.statusCode).toBe(204);
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await t.client().login(email, 'Cambiata-9')).statusCode).toBe(200);
  });

  it('applies the SPEC password rules and confirmation message', async () => {
    const { user, client } = await signIn();
    const res = await client.put(`/api/users/${user.id}/password`, {
      current_password: PASSWORD,
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password: [
        'The password must be at least 8 characters and contain a number, an uppercase character and a special character.',
      ],
      password_confirmation: ["The password doesn't match."],
    });
  });

  it("lets an administrator set a customer's password without the current one; a customer cannot touch another's", async () => {
    const admin = await signIn({ isSuperAdmin: true });
    const target = await createUser(t.db);
    const res = await admin.client.put(`/api/users/${target.user.id}/password`, {
      password: 'Admin-set-1',
      password_confirmation: 'Admin-set-1',
    });
    expect(res.statusCode).toBe(204);
    expect((await t.client().login(target.email, 'Admin-set-1')).statusCode).toBe(200);

    const intruder = await signIn();
    const denied = await intruder.client.put(`/api/users/${target.user.id}/password`, {
      password: 'Hacked-123!',
      password_confirmation: 'Hacked-123!',
    });
    expect(denied.statusCode).toBe(404);
  });
});
