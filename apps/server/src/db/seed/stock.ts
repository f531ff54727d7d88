import type { ProductSeed } from './catalog';
import { Rng } from './random';

/** Initial stock of each sellable product in the two warehouses, by its state (pre-order, on request…). */

export function initialStock(seed: ProductSeed): NonNullable<ProductSeed['stock']> {
  const r = new Rng(`stock:${seed.sku}`);
  if (seed.preorder) return { main: 0, mainOnOrder: r.int(2, 24) * 5, ext: null, extOnOrder: 0, ordered: 0 };
  if (seed.discontinued || seed.outOfStock)
    return { main: 0, mainOnOrder: 0, ext: null, extOnOrder: 0, ordered: 0 };
  if (seed.onRequest) {
    return { main: r.chance(0.3) ? r.int(1, 3) : 0, mainOnOrder: 0, ext: null, extOnOrder: 0, ordered: 0 };
  }
  const main = r.chance(0.1) ? 0 : r.int(1, 60);
  const mainOnOrder = r.chance(main === 0 ? 0.5 : 0.15) ? r.int(1, 10) * 5 : 0;
  const hasExt = r.chance(0.25);
  return {
    main,
    mainOnOrder,
    ext: hasExt ? r.int(0, 30) : null,
    extOnOrder: hasExt && r.chance(0.1) ? r.int(1, 4) * 5 : 0,
    ordered: 0,
  };
}
