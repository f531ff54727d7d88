import { describe, expect, it } from 'vitest';
import { readyLine } from './ready-line';

describe('the start-up line', () => {
  it.each([
    [
      { database: 'embedded', demo: true, payments: 'test' },
      'Sonora ready at http://localhost:3000 (embedded database, demo data, payments: test)',
    ],
    [
      { database: 'postgresql', demo: false, payments: 'live' },
      'Sonora ready at http://localhost:3000 (PostgreSQL, no demo data, payments: live)',
    ],
    [
      { database: 'postgresql', demo: false, payments: 'off' },
      'Sonora ready at http://localhost:3000 (PostgreSQL, no demo data, payments: off)',
    ],
  ] as const)('names the mode %o', (mode, line) => {
    expect(readyLine({ appUrl: 'http://localhost:3000', mode })).toBe(line);
  });
});
