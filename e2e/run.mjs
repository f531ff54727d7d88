// Runs the end-to-end journeys: builds the web app, starts the real server on a fresh embedded
// database (demo data loaded on first start) and drives Debian's Chromium with Playwright.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

if (!process.env.E2E_SKIP_BUILD || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', '-s', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
const server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The journeys never wait on the EU's VAT service (the checksum alone decides).
    VIES_URL: '',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let status = 1;
try {
  await waitForHealth(`${baseUrl}/api/health`, 180_000);
  const reporter = process.env.E2E_REPORT ? ['--reporter=list,json'] : [];
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...reporter, ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        DATA_DIR: dataDir,
        PLAYWRIGHT_JSON_OUTPUT_NAME: process.env.E2E_REPORT ?? '',
      },
    },
  );
  status = run.status ?? 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve).once('error', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`server exited (${server.exitCode ?? server.signalCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server not ready after ${timeoutMs} ms`);
}
