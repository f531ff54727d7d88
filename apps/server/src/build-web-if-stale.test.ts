import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { needsBuild, newestMtime, webSources } from '../../../scripts/build-web-if-stale.mjs';

/** `npm start` builds the web app only when a source is newer than the build (issue 18). */

describe('whether npm start builds the web app', () => {
  it.each([
    ['no build yet', 1_000, undefined, true],
    ['a source changed after the build', 2_000, 1_000, true],
    ['the build is newer than every source', 1_000, 2_000, false],
    ['the build and the newest source have the same time', 1_000, 1_000, false],
  ])('%s: builds %#', (_, newestSourceMs, builtMs, expected) => {
    expect(needsBuild(newestSourceMs, builtMs)).toBe(expected);
  });

  it('finds the newest file anywhere under the sources, skipping node_modules and missing paths', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'web-stale-'));
    const file = (name: string, seconds: number) => {
      const p = path.join(dir, name);
      mkdirSync(path.dirname(p), { recursive: true });
      writeFileSync(p, '');
      utimesSync(p, seconds, seconds);
      return p;
    };
    file('src/a.ts', 100);
    file('src/deep/b.tsx', 300);
    file('src/node_modules/c.js', 900);
    file('index.html', 200);
    const sources = [path.join(dir, 'src'), path.join(dir, 'index.html'), path.join(dir, 'missing')];
    expect(newestMtime(sources)).toBe(300_000);
    expect(newestMtime([path.join(dir, 'missing')])).toBe(0);
  });

  it("watches the web app's sources, its Vite config and the domain package", () => {
    const sources = webSources().map((p) => path.relative(path.resolve(import.meta.dirname, '../../..'), p));
    expect(sources).toEqual(
      expect.arrayContaining([
        'apps/web/src',
        'apps/web/index.html',
        'apps/web/package.json',
        'apps/web/vite.config.ts',
        'packages/domain/src',
      ]),
    );
  });
});
