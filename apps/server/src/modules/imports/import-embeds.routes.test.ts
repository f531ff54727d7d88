import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeTags, productAttributes, products } from '../../db/schema';
import { createTestApp } from '../../test/app';
import { openShop, preview, run, type Shop, xlsx } from './imports.fixtures';

/** Issue 17 point 8: an attributes sheet stores YOUTUBE / SPOTIFY players only from their own hosts. */

let shop: Shop;
beforeAll(async () => {
  shop = await openShop(await createTestApp());
  await shop.t.db.insert(attributeTags).values([
    { categoryId: shop.ids.music, code: 'YOUTUBE', tag: 'Video', description: '', type: 'iframe' },
    { categoryId: shop.ids.music, code: 'SPOTIFY', tag: 'Spotify', description: '', type: 'iframe' },
  ]);
  await shop.t.db.insert(products).values(
    [1, 2, 3, 4, 5, 6].map((n) => ({
      sku: `MU-E${n}`,
      description: 'Disco',
      price: 1500,
      vatId: shop.ids.vat22,
      categoryId: shop.ids.music,
      subcategoryId: shop.ids.cd,
    })),
  );
});
afterAll(() => shop.t.close());

const youtube =
  'Only an https player address (/embed/…) on one of these hosts can be embedded: www.youtube.com, youtube.com, www.youtube-nocookie.com.';
const spotify =
  'Only an https player address (/embed/…) on one of these hosts can be embedded: open.spotify.com.';

describe('attributes import of YOUTUBE and SPOTIFY', () => {
  it('marks look-alike hosts, http and credentials invalid and never stores them; allowed players are saved', async () => {
    const p = await preview(
      shop,
      'attributes',
      'a.xlsx',
      await xlsx([
        ['sku', 'code', 'value'],
        ['MU-E1', 'YOUTUBE', 'https://www.youtube.com.evil.example/embed/x'],
        ['MU-E2', 'YOUTUBE', 'http://www.youtube.com/embed/x'],
        ['MU-E3', 'YOUTUBE', 'https://user@www.youtube.com@evil.example/embed/x'],
        ['MU-E4', 'YOUTUBE', 'javascript:alert(1)'],
        ['MU-E5', 'SPOTIFY', 'https://open.spotify.com.evil.example/embed/album/x'],
        ['MU-E6', 'SPOTIFY', 'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3'],
      ]),
    );
    expect(p.status).toBe(201);
    expect(p.body.errors).toEqual([
      { row: 2, column: 'value', message: youtube },
      { row: 3, column: 'value', message: youtube },
      { row: 4, column: 'value', message: youtube },
      { row: 5, column: 'value', message: youtube },
      { row: 6, column: 'value', message: spotify },
    ]);
    const refused = await shop.admin.post(`/api/imports/${p.body.id}/run`, { skip_invalid: false });
    expect(refused.statusCode).toBe(422);

    const done = await run(shop, p.body.id, true);
    expect([done.status, done.summary]).toEqual(['completed', { created: 1, updated: 0, skipped: 5 }]);
    const stored = await shop.t.db
      .select({ code: productAttributes.code, value: productAttributes.value })
      .from(productAttributes);
    expect(stored).toEqual([
      { code: 'SPOTIFY', value: 'https://open.spotify.com/embed/album/1DFixLWuPkv3KT3TnV35m3' },
    ]);
  });
});
