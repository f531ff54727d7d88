import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

const WRONG = 'Wrong-pass1';
const STRONG = 'Giradischi-Vinile-1987!';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function from(ip: string, app: TestApp = t): TestClient {
  const client = app.client();
  client.ip = ip;
  return client;
}

function retrySeconds(res: { json(): { message: string }; headers: Record<string, unknown> }) {
  const seconds = Number(/in (\d+) seconds/.exec(res.json().message)?.[1]);
  expect(res.headers['retry-after']).toBe(String(seconds));
  return seconds;
}

async function later<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  t.clock.now = new Date(t.clock.now.getTime() + ms);
  return fn();
}

describe('an attack on one account does not lock its owner out (issue 17 point 5)', () => {
  it('5 wrong passwords from each of 11 addresses: the owner still signs in from his own browser', async () => {
    const { email } = await createUser(t.db);
    const owner = from('192.0.2.10');
    expect((await owner.login(email, PASSWORD)).statusCode).toBe(200);
    await owner.post('/logout');

    const answers: number[] = [];
    for (let address = 1; address <= 11; address++) {
      const attacker = from(`198.51.100.${address}`);
      for (let i = 0; i < 5; i++) answers.push((await attacker.login(email, WRONG)).statusCode);
    }
    // the attack itself is slowed down: past 10 failures each guess waits for the account's delay
    expect(answers.filter((status) => status === 422)).toHaveLength(10);
    expect(answers.filter((status) => status === 429)).toHaveLength(45);
    expect((await owner.login(email, PASSWORD)).statusCode).toBe(200);
    expect((await owner.get('/api/user')).json().email).toBe(email);
  });

  it('a browser new to the account waits a delay that doubles with each failure, never an hour', async () => {
    const { email } = await createUser(t.db);
    for (let i = 0; i < 10; i++) {
      expect((await from(`203.0.113.${i + 1}`).login(email, WRONG)).statusCode).toBe(422);
    }
    const fresh = from('192.0.2.50');
    const first = await fresh.login(email, PASSWORD);
    expect(first.statusCode).toBe(429);
    expect(first.json().message).toBe('Too many login attempts. Please try again in 1 seconds.');
    expect((await later(1_000, () => from('203.0.113.20').login(email, WRONG))).statusCode).toBe(422);
    expect(retrySeconds(await fresh.login(email, PASSWORD))).toBe(2);
    expect((await later(2_000, () => from('203.0.113.21').login(email, WRONG))).statusCode).toBe(422);
    expect(retrySeconds(await fresh.login(email, PASSWORD))).toBe(4);

    for (let i = 0; i < 12; i++) {
      await later(300_000, () => from(`203.0.113.${30 + i}`).login(email, WRONG));
    }
    const capped = await fresh.login(email, PASSWORD);
    expect(retrySeconds(capped)).toBeLessThanOrEqual(300);
    expect((await later(300_000, () => fresh.login(email, PASSWORD))).statusCode).toBe(200);
  });

  it('still stops one address guessing one account: 5 failures a minute', async () => {
    const { email } = await createUser(t.db);
    const attacker = from('198.51.100.200');
    for (let i = 0; i < 5; i++) await attacker.login(email, WRONG);
    const blocked = await attacker.login(email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(retrySeconds(blocked)).toBeLessThanOrEqual(60);
  });
});

describe('credential stuffing from one address (issue 17 point 5)', () => {
  it('20 failures on different e-mails in 10 minutes stop that address, not the others', async () => {
    const stuffer = from('198.51.100.77');
    for (let i = 0; i < 20; i++) {
      expect((await stuffer.login(`victim${i}@example.com`, WRONG)).statusCode).toBe(422);
    }
    const real = await createUser(t.db);
    const blocked = await stuffer.login(real.email, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(retrySeconds(blocked)).toBeLessThanOrEqual(600);
    expect((await from('192.0.2.77').login(real.email, PASSWORD)).statusCode).toBe(200);
    expect((await later(600_000, () => stuffer.login(real.email, PASSWORD))).statusCode).toBe(200);
  });
});

describe('per-address limits on registration and password recovery (issue 17 point 5)', () => {
  const registration = (n: number) => ({
    type: 'P',
    firstname: 'Anna',
    lastname: `Verdi ${n}`,
    email: `bot${n}-${Date.now()}@example.com`,
    password: STRONG,
    password_confirmation: STRONG,
    country: 'IT',
    tax_number: 'RSSMRA85T10A562S',
  });

  it('10 registrations an hour from one address, then 429 with Retry-After', async () => {
    const bot = from('198.51.100.150');
    for (let n = 0; n < 10; n++) {
      const client = from('198.51.100.150');
      await client.get('/sanctum/csrf-cookie');
      expect((await client.post('/register', registration(n))).statusCode).toBe(201);
    }
    await bot.get('/sanctum/csrf-cookie');
    const blocked = await bot.post('/register', registration(10));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(retrySeconds(blocked)).toBeGreaterThan(3000);
    const elsewhere = from('192.0.2.150');
    await elsewhere.get('/sanctum/csrf-cookie');
    expect((await elsewhere.post('/register', registration(11))).statusCode).toBe(201);
  });

  it('10 password recoveries an hour from one address, then 429 and no more mail', async () => {
    const bot = from('198.51.100.160');
    await bot.get('/sanctum/csrf-cookie');
    const mailsBefore = t.mails.length;
    const users = await Promise.all(Array.from({ length: 11 }, () => createUser(t.db)));
    for (const user of users.slice(0, 10)) {
      expect((await bot.post('/forgot-password', { email: user.email })).statusCode).toBe(200);
    }
    const blocked = await bot.post('/forgot-password', { email: users[10]!.email });
    expect(blocked.statusCode).toBe(429);
    expect(retrySeconds(blocked)).toBeGreaterThan(3000);
    expect(t.mails.length - mailsBefore).toBe(10);
  });
});

describe('the client address behind a proxy (issue 17 point 5)', () => {
  it('without TRUST_PROXY a spoofed X-Forwarded-For does not escape the per-address limit', async () => {
    const stuffer = from('198.51.100.99');
    await stuffer.get('/sanctum/csrf-cookie');
    for (let i = 0; i < 20; i++) {
      const res = await stuffer.post(
        '/login',
        { email: `spoof${i}@example.com`, password: WRONG },
        { 'x-forwarded-for': `10.9.0.${i}` },
      );
      expect(res.statusCode).toBe(422);
    }
    const blocked = await stuffer.post(
      '/login',
      { email: 'spoof-last@example.com', password: WRONG },
      { 'x-forwarded-for': '10.9.0.250' },
    );
    expect(blocked.statusCode).toBe(429);
  });

  it('behind TRUST_PROXY the address is the one the proxy forwards', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true' });
    try {
      const proxy = from('10.0.0.1', proxied);
      await proxy.get('/sanctum/csrf-cookie');
      const login = (client: string, i: number) =>
        proxy.post(
          '/login',
          { email: `stuffed${i}@example.com`, password: WRONG },
          { 'x-forwarded-for': client },
        );
      for (let i = 0; i < 20; i++) expect((await login('198.51.100.5', i)).statusCode).toBe(422);
      expect((await login('198.51.100.5', 20)).statusCode).toBe(429);
      expect((await login('192.0.2.5', 21)).statusCode).toBe(422);
    } finally {
      await proxied.close();
    }
  });
});

describe('per-address limit on API token creation (issue 17 point 5)', () => {
  it('10 tokens an hour from one address, then 429 and no token made', async () => {
    const { user, email } = await createUser(t.db);
    const id = user.id;
    const client = from('198.51.100.170');
    await client.login(email, PASSWORD);
    for (let n = 0; n < 10; n++) {
      expect((await client.post(`/api/users/${id}/request-token`, { name: `script ${n}` })).statusCode).toBe(
        201,
      );
    }
    const blocked = await client.post(`/api/users/${id}/request-token`, { name: 'one too many' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    expect(retrySeconds(blocked)).toBeGreaterThan(3000);
    expect((await client.get(`/api/users/${id}/tokens`)).json().data).toHaveLength(10);
  });
});
