import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../e2e/chromium.mjs';

export { firstJavaScript } from '../apps/web/build/first-javascript';

import { sessionHeaders } from './scenarios';

/** Largest contentful paint of a signed-in page in Chromium, median of `runs` cold loads. */
export async function largestContentfulPaint(baseUrl: string, pagePath: string, runs = 5): Promise<number> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const cookie = (await sessionHeaders(baseUrl, 'company@example.com')).cookie ?? '';
  const samples: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext();
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, value] = pair.split('=');
          return { name: name!, value: value!, url: baseUrl };
        }),
      );
      const page = await context.newPage();
      await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]!.startTime);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      samples.push(Math.round(lcp));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}
