import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** deploy/sonora.service runs what `npm start` runs and restarts a crashed server (issue 15 item 7). */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const unit = readFileSync(path.join(root, 'deploy/sonora.service'), 'utf8');
const setting = (key: string) => unit.match(new RegExp(`^${key}=(.*)$`, 'm'))?.[1];

describe('the systemd unit', () => {
  it("starts the server with the server package's start command", () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    expect(setting('ExecStart')).toBe(`/usr/bin/${pkg.scripts.start}`);
    expect(setting('WorkingDirectory')).toMatch(/\/apps\/server$/);
  });

  it('restarts on failure and waits longer than the shutdown deadline before killing', () => {
    expect(setting('Restart')).toBe('on-failure');
    expect(setting('KillSignal')).toBe('SIGTERM');
    const stopSeconds = Number(setting('TimeoutStopSec')?.replace(/s$/, ''));
    expect(stopSeconds * 1000).toBeGreaterThan(loadConfig({}).shutdownTimeoutMs);
  });

  it('reads its environment from a file whose example sets what production needs', () => {
    expect(setting('EnvironmentFile')).toBe('/etc/sonora/sonora.env');
    const example = readFileSync(path.join(root, 'deploy/sonora.env.example'), 'utf8');
    for (const key of [
      'NODE_ENV',
      'DATABASE_URL',
      'DATA_DIR',
      'APP_URL',
      'APP_KEY',
      'COOKIE_SECURE',
      'TRUST_PROXY',
    ])
      expect(example).toMatch(new RegExp(`^${key}=`, 'm'));
    expect(() =>
      loadConfig(
        Object.fromEntries(
          example
            .split('\n')
            .filter((l) => /^[A-Z_]+=/.test(l))
            .map((l) => {
              const at = l.indexOf('=');
              return [l.slice(0, at), l.slice(at + 1).replace(/^"|"$/g, '')];
            }),
        ),
      ),
    ).not.toThrow();
  });

  it('sits behind an nginx example that passes the headers the shop needs to its port', () => {
    const nginx = readFileSync(path.join(root, 'deploy/nginx.conf.example'), 'utf8');
    const env = readFileSync(path.join(root, 'deploy/sonora.env.example'), 'utf8');
    const port = env.match(/^PORT=(\d+)$/m)?.[1];
    expect(nginx).toMatch(new RegExp(`^\\s*server 127\\.0\\.0\\.1:${port};`, 'm'));
    // Replaced, not appended to: with TRUST_PROXY the shop believes the header's first address.
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(nginx).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
    expect(nginx).toContain('proxy_set_header Host $host;');
    expect(env).toMatch(/^TRUST_PROXY=true$/m);
  });
});
