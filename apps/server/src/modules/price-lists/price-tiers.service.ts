import { type PriceTiers, type PriceTiersInputSchema, priceListMessages } from '@shop/domain';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import * as q from './price-lists.queries';

/**
 * A product's volume tiers (DESIGN §6 rule 17: 'from N units' the tier replaces the list price). The
 * schema checks their order; the price of the smallest tier must also be below the list price.
 */

type Reader = Pick<Ctx, 'db'>;

/** GET /api/products/{id}/price-tiers. */
export async function getPriceTiers(ctx: Reader, productId: number): Promise<PriceTiers> {
  const product = await q.findProductForTiers(ctx.db, productId);
  if (!product) throw new NotFoundError();
  const tiers = await q.listPriceTiers(ctx.db, productId);
  return {
    list_price: product.price,
    tiers: tiers.map((t) => ({ min_quantity: t.minQuantity, price: t.price })),
  };
}

/** PUT /api/products/{id}/price-tiers: the whole list replaced, under the product's row lock. */
export async function setPriceTiers(
  ctx: Reader,
  productId: number,
  body: z.output<typeof PriceTiersInputSchema>,
): Promise<PriceTiers> {
  await inTransaction(ctx, async (tx) => {
    const product = await q.findProductForTiers(tx.db, productId, true);
    if (!product) throw new NotFoundError();
    const smallest = [...body.tiers].sort((a, b) => a.min_quantity - b.min_quantity)[0];
    if (smallest && smallest.price >= product.price) {
      const index = body.tiers.indexOf(smallest);
      throw ValidationError.field(`tiers.${index}.price`, priceListMessages.tierNotDecreasing);
    }
    await q.replacePriceTiers(
      tx.db,
      productId,
      body.tiers.map((t) => ({ minQuantity: t.min_quantity, price: t.price })),
    );
  });
  return getPriceTiers(ctx, productId);
}
