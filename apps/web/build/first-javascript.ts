import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Issue 4 budget: the JavaScript the storefront loads before its first paint, gzipped. */
export const FIRST_JS_BUDGET_KB = 200;

/**
 * The storefront's first JavaScript: every script and modulepreload that index.html loads before the
 * first paint, gzipped as a server would send them, and whether any of it is back office.
 */
export function firstJavaScript(distDir: string): {
  files: string[];
  gzipKb: number;
  hasBackoffice: boolean;
} {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const bytes = files.reduce((sum, f) => sum + gzipSync(readFileSync(path.join(distDir, f))).length, 0);
  return {
    files,
    gzipKb: Math.round(bytes / 102.4) / 10,
    hasBackoffice: files.some((f) => f.includes('backoffice')),
  };
}

/** Prints the figure after every build and fails the build over budget or with back office in it. */
export function firstJavaScriptBudget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'first-javascript-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { gzipKb, files, hasBackoffice } = firstJavaScript(outDir);
      console.log(
        `storefront first JavaScript: ${gzipKb} KB gzip in ${files.length} files (budget ${FIRST_JS_BUDGET_KB} KB), back office ${hasBackoffice ? 'INCLUDED' : 'not included'}`,
      );
      if (gzipKb > FIRST_JS_BUDGET_KB || hasBackoffice) {
        throw new Error('the storefront first JavaScript is over its budget or contains the back office');
      }
    },
  };
}
