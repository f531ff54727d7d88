import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Db } from '../db/client';
import type { Mail } from '../lib/mailer';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  db: Db;
  mails: Mail[];
  /** Moves the app's clock; every service reads time through it. */
  clock: { now: Date };
  client(): TestClient;
  close(): Promise<void>;
};

/** The whole app on a fresh database, with mail captured and a settable clock. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const mails: Mail[] = [];
  const clock = { now: new Date('2026-11-21T10:00:00Z') };
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-test-')),
    WEB_DIST: path.join(tmpdir(), 'no-web-build'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Tests never reach the real VIES; profile tests point it at a fake.
    VIES_URL: '',
    // A list asked right after a write sees it, as on SQL.
    LIST_INDEX_FRESHNESS_MS: '0',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    now: () => new Date(clock.now),
    mailer: { send: async (mail) => void mails.push(mail) },
  });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    mails,
    clock,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

type Body = Record<string, unknown> | unknown[] | string;

/** A browser-like client: keeps cookies and sends the XSRF-TOKEN back as X-XSRF-TOKEN. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    /** The client's IP address as the server sees it. */
    public ip = '127.0.0.1',
  ) {}
  /** Sent as User-Agent when set (the sessions list names the browser). */
  userAgent: string | undefined;

  async request(
    method: InjectOptions['method'],
    url: string,
    body?: Body,
    headers: Record<string, string> = {},
  ) {
    const xsrf = this.cookies.get('XSRF-TOKEN') ?? this.cookies.get('__Host-XSRF-TOKEN');
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(this.userAgent ? { 'user-agent': this.userAgent } : {}),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : typeof body === 'string'
          ? { payload: body }
          : { payload: body as object }),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      // Expiry as the app's clock sees it: tests move that clock, not the machine's.
      const expired =
        (c.expires && c.expires.getTime() <= this.app.deps.now().getTime()) ||
        c.maxAge === 0 ||
        c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: Body, headers?: Record<string, string>) =>
    this.request('POST', url, body, headers);
  put = (url: string, body?: Body, headers?: Record<string, string>) =>
    this.request('PUT', url, body, headers);
  delete = (url: string, headers?: Record<string, string>) => this.request('DELETE', url, undefined, headers);

  /** GET /sanctum/csrf-cookie then POST /login, as the web client does. */
  async login(email: string, password: string) {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/login', { email, password });
  }
}
