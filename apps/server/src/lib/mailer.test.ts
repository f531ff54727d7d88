import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    const mailer = createMailer({
      from: 'Sonora <noreply@sonora.example>',
      dataDir,
      log: { info: () => {} } as unknown as FastifyBaseLogger,
    });
    await mailer.send({
      to: 'anna@example.com',
      subject: 'Reset',
      text: 'Open http://localhost:3000/reset-password/abc',
    });
    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: anna@example.com');
    expect(eml).toContain('From: Sonora <noreply@sonora.example>');
    expect(eml).toContain('Subject: Reset');
    expect(eml).toContain('http://localhost:3000/reset-password/abc');
  });
});
