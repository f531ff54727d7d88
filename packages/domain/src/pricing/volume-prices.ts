/** A price from a number of units: a product's volume tier, or a row of a contract price list. */
export type PriceBreak = { minQuantity: number; price: number };

/** A contract price-list row valid today for the customer or his group (DESIGN §6 rule 17). */
export type ContractPrice = PriceBreak & { priceListId: number };

/** What a line's quantity brings to its unit price: the product's tiers, the customer's contract rows. */
export type VolumeTerms = {
  quantity: number;
  tiers?: readonly PriceBreak[] | undefined;
  contractPrices?: readonly ContractPrice[] | undefined;
};

/** The break with the highest minimum quantity ≤ `quantity`; the lower price when two share it. */
function breakFor<T extends PriceBreak>(breaks: readonly T[], quantity: number): T | null {
  let best: T | null = null;
  for (const b of breaks) {
    if (b.minQuantity > quantity) continue;
    if (
      !best ||
      b.minQuantity > best.minQuantity ||
      (b.minQuantity === best.minQuantity && b.price < best.price)
    )
      best = b;
  }
  return best;
}

/** DESIGN §6 rule 17: the tier ('from N units', highest N ≤ quantity) that replaces the list price. */
export function tierPriceFor(tiers: readonly PriceBreak[], quantity: number): number | null {
  return breakFor(tiers, quantity)?.price ?? null;
}

/**
 * DESIGN §6 rule 17: the contract price of a line: in each valid list, the row with the highest minimum
 * quantity ≤ the quantity; where lists overlap on a product the lowest of their prices wins
 * (docs/decisions.md, "Overlapping price lists").
 */
export function contractPriceFor(rows: readonly ContractPrice[], quantity: number): number | null {
  const byList = new Map<number, ContractPrice[]>();
  for (const row of rows) byList.set(row.priceListId, [...(byList.get(row.priceListId) ?? []), row]);
  let lowest: number | null = null;
  for (const listRows of byList.values()) {
    const price = breakFor(listRows, quantity)?.price;
    if (price !== undefined && (lowest === null || price < lowest)) lowest = price;
  }
  return lowest;
}
