import { couponMessages } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { type Cell, importSheet, openShop, preview, readXlsx, type Shop, xlsx } from './imports.fixtures';

/** Coupons (issue 20 point 5) as a sheet: by code, value 10 = 10% or €10.00 as the kind says. */

const HEADER = [
  'code',
  'kind',
  'value',
  'valid_from',
  'valid_until',
  'min_order',
  'usage_limit',
  'per_customer_limit',
];

let shop: Shop;
beforeAll(async () => {
  shop = await openShop(await createTestApp());
});
afterAll(() => shop.t.close());

async function exported(query = '') {
  const res = await shop.admin.get(`/api/exports/coupons${query}`);
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = await readXlsx(res.rawPayload);
  return rows.map((r) => HEADER.map((h) => r[header!.indexOf(h)] ?? null));
}

describe('coupons import and export', () => {
  it('imports percent and fixed coupons by code, updates one with a second file, and exports them back', async () => {
    await importSheet(shop, 'coupons', [
      HEADER,
      ['natale15', 'percent', 15, '2026-12-01', '2026-12-31', null, 100, 1],
      ['WELCOME10', 'fixed', 10, null, null, 50, null, 1],
    ]);
    const done = await importSheet(shop, 'coupons', [
      HEADER,
      ['NATALE15', 'percent', 12.5, null, null, null, 200, 1],
    ]);
    expect(done.summary).toEqual({ created: 0, updated: 1, skipped: 0 });

    const list = (await shop.admin.get('/api/coupons')).json().data;
    expect(list).toMatchObject([
      { code: 'NATALE15', kind: 'percent', value: 1250, usage_limit: 200, per_customer_limit: 1 },
      { code: 'WELCOME10', kind: 'fixed', value: 1000, min_order: 5000, usage_limit: null },
    ]);
    expect(await exported('?q=welcome')).toEqual([['WELCOME10', 'fixed', 10, null, null, 50, null, 1]]);
    const all = await exported();
    const again = await importSheet(shop, 'coupons', [HEADER, ...all]);
    expect([again.error, again.summary]).toEqual([null, { created: 0, updated: 2, skipped: 0 }]);
  });

  it("names a percent over 100, an end before the start and a bad code as that row's error", async () => {
    const rows: Cell[][] = [
      ['TROPPO', 'percent', 101, null, null, null, null, null],
      ['ROVESCIO', 'fixed', 5, '2026-12-01', '2026-11-01', null, null, null],
      ['NO WAY', 'fixed', 5, null, null, null, null, null],
    ];
    const p = await preview(shop, 'coupons', 'coupons.xlsx', await xlsx([HEADER, ...rows]));
    expect(p.status).toBe(201);
    expect(p.body.errors).toEqual([
      { row: 2, column: 'value', message: couponMessages.percentOver100 },
      { row: 3, column: 'valid_until', message: couponMessages.untilBeforeFrom },
      { row: 4, column: 'code', message: couponMessages.codeFormat },
    ]);
  });
});
