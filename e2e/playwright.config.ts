import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';

/** Debian's Chromium (e2e/chromium.mjs), one worker: the journeys share one server and database. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
