import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** STYLE.md: features never import each other; shared pieces move to components/ or the domain. */
const featuresDir = path.resolve(import.meta.dirname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('feature boundaries', () => {
  it('no feature imports another feature', () => {
    const crossings: string[] = [];
    for (const file of sourceFiles(featuresDir)) {
      const own = path.relative(featuresDir, file).split(path.sep)[0];
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = path.relative(featuresDir, path.resolve(path.dirname(file), spec!));
        const feature = target.startsWith('..') ? null : target.split(path.sep)[0];
        if (feature && feature !== own && !target.endsWith('.test'))
          crossings.push(`${path.relative(featuresDir, file)} → ${spec}`);
      }
    }
    expect(crossings).toEqual([]);
  });
});
