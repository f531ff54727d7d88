import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

describe('sessions live in the database', () => {
  it('a signed-in user is still signed in after the embedded-database server restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'restart-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIST: dataDir,
    });
    const open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });

    const first = await open();
    await first.migrate();
    const app = await buildApp({ config, database: first, logger: false });
    const { email } = await createUser(first.db);
    const client = new TestClient(app);
    expect((await client.login(email, PASSWORD)).statusCode).toBe(200);
    await app.close();
    await first.close();

    const second = await open();
    await second.migrate();
    const restarted = await buildApp({ config, database: second, logger: false });
    try {
      const again = new TestClient(restarted);
      for (const [name, value] of client.cookies) again.cookies.set(name, value);
      const me = await again.get('/api/user');
      expect(me.statusCode).toBe(200);
      expect(me.json().email).toBe(email);
      // the CSRF key survived too: a write with the old token is accepted
      expect((await again.post('/logout')).statusCode).toBe(204);
    } finally {
      await restarted.close();
      await second.close();
    }
  });
});
