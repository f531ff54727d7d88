import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, vats } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';
import { uploadFiles } from '../../test/multipart';

/** Image uploads (issue 3 item 5): decoded by sharp, resized, thumbnailed; anything else refused. */

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
let productId: number;
let jpeg: Buffer;
let png: Buffer;
let webp: Buffer;

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

/** Every file under DATA_DIR/uploads/images. */
function storedFiles(): string[] {
  const root = path.join(t.app.deps.config.dataDir, 'uploads', 'images');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db);
  admin = t.client();
  customer = t.client();
  await admin.login(a.email, PASSWORD);
  await customer.login(c.email, PASSWORD);
  const [vat] = await t.db.insert(vats).values({ rate: 2200, description: '22%' }).returning();
  const [p] = await t.db
    .insert(products)
    .values({ sku: 'MU-IMG-1', description: 'Con copertina', price: 1000, vatId: vat!.id })
    .returning();
  productId = p!.id;
  jpeg = await photo(2400, 1200).jpeg().toBuffer();
  png = await photo(300, 200).png().toBuffer();
  webp = await photo(800, 800).webp().toBuffer();
});
afterAll(() => t.close());

describe('POST /api/images/upload', () => {
  it('stores a JPEG as WebP within 1600 px and a 320 px thumbnail, served under /uploads', async () => {
    const res = await uploadFiles(t, admin, '/api/images/upload', [{ name: 'logo.jpg', content: jpeg }]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ mime_type: 'image/webp', width: 1600, height: 800 });
    expect(body.url).toBe(`/uploads/${body.path}`);
    const served = await t.client().get(body.url);
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1600,
      height: 800,
    });
    const thumb = await t.client().get(body.thumb_url);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 320, height: 160 });
  });

  it('keeps a small PNG at its size (never enlarged)', async () => {
    const res = await uploadFiles(t, admin, '/api/images/upload', [{ name: 'x.png', content: png }]);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses what is not a sound JPEG, PNG or WebP, and stores nothing', async () => {
    const before = storedFiles().length;
    const gif = await photo(50, 50).gif().toBuffer();
    const huge = await sharp({
      create: {
        width: 2000,
        height: 1900,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(huge.length).toBeGreaterThan(10 * 1024 * 1024);
    const cases = [
      { name: 'notes.jpg', content: Buffer.from('just some text, not a picture'), type: 'image/jpeg' },
      { name: 'cut.jpg', content: jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' },
      { name: 'big.png', content: huge, type: 'image/png' },
      { name: 'anim.gif', content: gif, type: 'image/gif' },
    ];
    for (const file of cases) {
      const res = await uploadFiles(t, admin, '/api/images/upload', [file]);
      expect([file.name, res.statusCode, res.json()]).toEqual([
        file.name,
        422,
        { message: 'Error during image upload', errors: { file: ['Error during image upload'] } },
      ]);
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it('is for administrators only', async () => {
    expect(
      (await uploadFiles(t, customer, '/api/images/upload', [{ name: 'a.png', content: png }])).statusCode,
    ).toBe(403);
  });
});

describe("a product's images", () => {
  const url = () => `/api/products/${productId}/images`;

  it('uploads several at once: the first becomes the cover, then reorders, changes cover, deletes', async () => {
    const added = await uploadFiles(t, admin, url(), [
      { name: 'a.jpg', content: jpeg },
      { name: 'b.png', content: png },
      { name: 'c.webp', content: webp },
    ]);
    expect(added.statusCode).toBe(201);
    const list = added.json().data as { id: number; position: number; is_cover: boolean; width: number }[];
    expect(list.map((i) => [i.position, i.is_cover, i.width])).toEqual([
      [0, true, 1600],
      [1, false, 300],
      [2, false, 800],
    ]);
    const [a, b, c] = list.map((i) => i.id);

    const reordered = await admin.put(`${url()}/order`, { ids: [c, a, b] });
    expect(reordered.json().data.map((i: { id: number }) => i.id)).toEqual([c, a, b]);
    expect((await admin.put(`${url()}/order`, { ids: [c, a] })).json().errors).toEqual({
      ids: ['Invalid value'],
    });

    const cover = await admin.request('PATCH', `${url()}/${b}/cover`, {});
    expect(
      cover
        .json()
        .data.filter((i: { is_cover: boolean }) => i.is_cover)
        .map((i: { id: number }) => i.id),
    ).toEqual([b]);
    const detail = await admin.get('/api/products/MU-IMG-1');
    expect(detail.json().cover_url).toBe(cover.json().data.find((i: { id: number }) => i.id === b).url);

    const files = storedFiles().length;
    const afterDelete = await admin.delete(`${url()}/${b}`);
    expect(afterDelete.json().data.map((i: { id: number; is_cover: boolean }) => [i.id, i.is_cover])).toEqual(
      [
        [c, true],
        [a, false],
      ],
    );
    expect(storedFiles()).toHaveLength(files - 2);
    expect((await admin.delete(`${url()}/${b}`)).statusCode).toBe(404);
  });

  it('one bad file refuses the whole upload and adds nothing', async () => {
    const before = (await admin.get(url())).json().data.length;
    const files = storedFiles().length;
    const res = await uploadFiles(t, admin, url(), [
      { name: 'ok.png', content: png },
      { name: 'bad.jpg', content: Buffer.from('nope') },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Error during image upload');
    expect((await admin.get(url())).json().data).toHaveLength(before);
    expect(storedFiles()).toHaveLength(files);
  });

  it('an unknown product is 404', async () => {
    expect(
      (await uploadFiles(t, admin, '/api/products/999999/images', [{ name: 'a.png', content: png }]))
        .statusCode,
    ).toBe(404);
  });
});
