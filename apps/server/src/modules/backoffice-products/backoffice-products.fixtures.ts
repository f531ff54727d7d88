import { brands, categories, subcategories, vats, warehouses } from '../../db/schema';
import type { TestApp, TestClient } from '../../test/app';
import { createUser, PASSWORD } from '../../test/factories';

/** A back office to test against: admin, customer and visitor clients; reference data. */
export type BackOffice = {
  t: TestApp;
  admin: TestClient;
  customer: TestClient;
  visitor: TestClient;
  customerId: number;
  ids: {
    vat: number;
    music: number;
    merch: number;
    cd: number;
    tshirt: number;
    brand: number;
    main: number;
    ext: number;
  };
};

export async function openBackOffice(t: TestApp): Promise<BackOffice> {
  const a = await createUser(t.db, { isSuperAdmin: true });
  const c = await createUser(t.db);
  const admin = t.client();
  const customer = t.client();
  const visitor = t.client();
  await admin.login(a.email, PASSWORD);
  await customer.login(c.email, PASSWORD);
  await visitor.get('/sanctum/csrf-cookie');
  const [vat] = await t.db.insert(vats).values({ rate: 2200, description: 'IVA 22%' }).returning();
  const [music, merch] = await t.db
    .insert(categories)
    .values([
      { code: 'MUSICA', description: 'Musica' },
      { code: 'MERCHANDISE', description: 'Merchandise' },
    ])
    .returning();
  const [cd, tshirt] = await t.db
    .insert(subcategories)
    .values([
      { code: 'CD', description: 'CD', categoryId: music!.id },
      { code: 'T_SHIRT', description: 'T-shirt', categoryId: merch!.id },
    ])
    .returning();
  const [brand] = await t.db.insert(brands).values({ code: 'aurora', description: 'Aurora' }).returning();
  const [main, ext] = await t.db
    .insert(warehouses)
    .values([
      { code: 'MAIN', description: 'Principale' },
      { code: 'EXT', description: 'Esterno' },
    ])
    .returning();
  return {
    t,
    admin,
    customer,
    visitor,
    customerId: c.customerId!,
    ids: {
      vat: vat!.id,
      music: music!.id,
      merch: merch!.id,
      cd: cd!.id,
      tshirt: tshirt!.id,
      brand: brand!.id,
      main: main!.id,
      ext: ext!.id,
    },
  };
}
