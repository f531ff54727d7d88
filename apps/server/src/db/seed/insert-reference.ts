import type { Db } from '../client';
import {
  attributeTags,
  brands,
  categories,
  currencies,
  customerGroups,
  discountRules,
  paymentTerms,
  shippingMethods,
  shop,
  subcategories,
  uoms,
  vats,
  warehouses,
} from '../schema';
import { BRANDS } from './brands';
import { ATTRIBUTE_TAGS, CATEGORIES, SUBCATEGORIES } from './categories';
import { CUSTOMER_GROUPS, DISCOUNT_RULES, PAYMENT_TERMS, SHIPPING_METHODS } from './sales-terms';
import { CURRENCIES, SHOP, UOMS, VAT_RATES, WAREHOUSES } from './shop-settings';

/**
 * Writes the reference data of the demo shop (DESIGN §10): shop, VAT, units, categories, brands,
 * warehouses… and returns the ids the other inserts refer to.
 */

/** Database ids of the reference rows, by their codes. */
export type Refs = {
  vatIdByRate: Map<number, number>;
  categoryIdByCode: Map<string, number>;
  subcategoryIdByCode: Map<string, number>;
  brandIdByCode: Map<string, number>;
  uomIdByCode: Map<string, number>;
  warehouseIdByCode: Map<string, number>;
  shippingMethodIdBySlug: Map<string, number>;
  groupIdByCode: Map<string, number>;
};

export async function insertReferenceData(db: Db, createdAt: Date): Promise<Refs> {
  const at = { createdAt, updatedAt: createdAt };
  await db.insert(shop).values({ ...SHOP, ...at });

  const vatRows = await db
    .insert(vats)
    .values(VAT_RATES.map((v) => ({ ...v, ...at })))
    .returning({ id: vats.id, rate: vats.rate });
  const vatIdByRate = new Map(vatRows.map((v) => [v.rate, v.id]));

  await db.insert(currencies).values(CURRENCIES.map((c) => ({ ...c, ...at })));
  const uomRows = await db
    .insert(uoms)
    .values(UOMS.map((u) => ({ ...u, ...at })))
    .returning({ id: uoms.id, code: uoms.code });

  const categoryRows = await db
    .insert(categories)
    .values(CATEGORIES.map((c) => ({ ...c, inHomepage: true, ...at })))
    .returning({ id: categories.id, code: categories.code });
  const categoryIdByCode = new Map(categoryRows.map((c) => [c.code, c.id]));

  const subRows = await db
    .insert(subcategories)
    .values(
      SUBCATEGORIES.map((s) => ({
        code: s.code,
        description: s.description,
        inHomepage: s.inHomepage,
        categoryId: categoryIdByCode.get(s.category)!,
        ...at,
      })),
    )
    .returning({ id: subcategories.id, code: subcategories.code });
  const subcategoryIdByCode = new Map(subRows.map((s) => [s.code, s.id]));

  await db.insert(attributeTags).values(
    ATTRIBUTE_TAGS.map((t) => ({
      tag: t.tag,
      code: t.code,
      description: t.description,
      type: t.type,
      options: t.options ?? [],
      fullTextSearch: t.fullTextSearch ?? false,
      iconUrl: t.iconUrl ?? null,
      categoryId: 'category' in t ? categoryIdByCode.get(t.category)! : null,
      subcategoryId: 'subcategory' in t ? subcategoryIdByCode.get(t.subcategory)! : null,
      ...at,
    })),
  );

  const brandRows = await db
    .insert(brands)
    .values(BRANDS.map((b) => ({ code: b.code, description: b.name, inHomepage: b.inHomepage, ...at })))
    .returning({ id: brands.id, code: brands.code });

  const warehouseRows = await db
    .insert(warehouses)
    .values(WAREHOUSES.map((w) => ({ ...w, ...at })))
    .returning({ id: warehouses.id, code: warehouses.code });

  const methodRows = await db
    .insert(shippingMethods)
    .values(
      SHIPPING_METHODS.map((m) => ({
        slug: m.slug,
        code: m.code,
        description: m.description,
        price: m.price,
        freeShipping: m.freeShipping,
        vatId: vatIdByRate.get(m.vatRate)!,
        ...at,
      })),
    )
    .returning({ id: shippingMethods.id, slug: shippingMethods.slug });

  await db.insert(paymentTerms).values(PAYMENT_TERMS.map((t) => ({ ...t, ...at })));

  const groupRows = await db
    .insert(customerGroups)
    .values(CUSTOMER_GROUPS.map((g) => ({ ...g, ...at })))
    .returning({ id: customerGroups.id, code: customerGroups.code });
  const groupIdByCode = new Map(groupRows.map((g) => [g.code, g.id]));

  await db.insert(discountRules).values(
    DISCOUNT_RULES.map((r) => ({
      customerGroupId: groupIdByCode.get(r.group)!,
      productCategoryId: categoryIdByCode.get(r.category)!,
      rate: r.rate,
      priority: r.priority,
      blockOthers: r.blockOthers,
      ...at,
    })),
  );

  return {
    vatIdByRate,
    categoryIdByCode,
    subcategoryIdByCode,
    brandIdByCode: new Map(brandRows.map((b) => [b.code, b.id])),
    uomIdByCode: new Map(uomRows.map((u) => [u.code, u.id])),
    warehouseIdByCode: new Map(warehouseRows.map((w) => [w.code, w.id])),
    shippingMethodIdBySlug: new Map(methodRows.map((m) => [m.slug, m.id])),
    groupIdByCode,
  };
}
