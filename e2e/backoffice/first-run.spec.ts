import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures';

/**
 * Issue 18, a new operator's first run: a production server on an empty database logs a setup link;
 * the operator sets the shop up there, sets the first administrator's password and signs in.
 */

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess;
let url: string;
let dataDir: string;
let log = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    srv.on('error', reject);
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-first-run-e2e-'));
  const { DATABASE_URL: _ignored, ...env } = process.env;
  server = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      JOBS: 'false',
      LOG_LEVEL: 'info',
      VIES_URL: '',
      // The second factor's own journey is two-factor.spec.ts; here the first sign-in is the point.
      TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout!.setEncoding('utf8').on('data', (text: string) => {
    log += text;
  });
});

test.afterAll(async () => {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

test('a new operator sets the shop up from the logged link and signs in as its first administrator', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await expect.poll(() => /\/setup\?token=[\w-]+/.exec(log)?.[0], { timeout: 60_000 }).toBeTruthy();
  const setupPath = /\/setup\?token=[\w-]+/.exec(log)![0];
  // Payments are off in production without Stripe: no test-payments banner.
  expect(log).not.toContain('demo data loaded');

  await page.goto(`${url}${setupPath}`);
  await expect(page.getByRole('heading', { name: 'Configura il negozio' })).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  }
  await expect(page.getByText('Pagamenti di prova: nessun addebito reale')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Ragione sociale' }).fill('Dischi Verdi S.r.l.');
  await page.getByRole('textbox', { name: 'Indirizzo' }).fill('Via Roma 1, 40121 Bologna (BO)');
  await page.getByRole('textbox', { name: 'Partita IVA' }).fill('IT00743110158');
  await page.getByRole('textbox', { name: 'E-mail del negozio' }).fill('info@dischiverdi.example');
  await page.getByRole('textbox', { name: 'Telefono' }).fill('+39 051 123456');
  await page.getByRole('textbox', { name: "E-mail dell'amministratore" }).fill('owner@dischiverdi.example');
  await page.getByRole('button', { name: 'Configura il negozio' }).click();
  // The wrong check digit is refused under its field; corrected, the shop is set up.
  await expect(page.getByRole('textbox', { name: 'Partita IVA' })).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('textbox', { name: 'Partita IVA' }).fill('IT00743110157');
  await page.getByRole('button', { name: 'Configura il negozio' }).click();

  await expect(page.getByRole('heading', { name: 'Il negozio è configurato' })).toBeVisible();
  await page.getByRole('link', { name: "Imposta la password dell'amministratore" }).click();
  await expect(page).toHaveURL(/\/reset-password\//);
  await page.getByLabel('Password', { exact: true }).fill('Vinile-Rosso-1984');
  await page.getByLabel('Conferma password').fill('Vinile-Rosso-1984');
  await page.getByRole('button', { name: 'Salva la password' }).click();
  await page.getByRole('link', { name: "Vai all'accesso" }).click();

  await page.getByLabel('Email').fill('owner@dischiverdi.example');
  await page.getByLabel('Password', { exact: true }).fill('Vinile-Rosso-1984');
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(`${url}/backoffice`);
  await expect(page).toHaveURL(/\/backoffice(\/|$)/);
  await expect(page.getByRole('navigation').first()).toBeVisible();

  // The screen now says the shop is set up.
  await page.goto(`${url}${setupPath}`);
  await expect(page.getByText(/^Il negozio è già configurato\./)).toBeVisible();
});

test('the demo shop, on the test gateway, says so on the storefront and in the back office', async ({
  page,
  loginAs,
}) => {
  await page.goto('/');
  await expect(
    page.getByRole('status').filter({ hasText: 'Pagamenti di prova: nessun addebito reale' }),
  ).toBeVisible();
  await loginAs('admin');
  await page.goto('/backoffice/orders');
  await expect(
    page.getByRole('status').filter({ hasText: 'Pagamenti di prova: nessun addebito reale' }),
  ).toBeVisible();
});
