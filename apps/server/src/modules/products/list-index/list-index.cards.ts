import { grow } from './list-index.words';

/** A campaign row of a product: its price between two days (ISO dates, both included). */
export type CampaignPrice = { price: number; start: string; end: string };

/** What a card shows beyond the index's own columns, as the index loads it with each product. */
export type CardFields = {
  sku: string;
  vat_id: number;
  available_qty: number;
  low_stock_threshold: number;
  has_variants: boolean;
  coming_soon: boolean;
  price: number;
  variant_value: number | null;
  is_default_variant: boolean;
  cover_path: string | null;
  campaigns: CampaignPrice[] | null;
};

export const CARD_FLAG = { hasVariants: 1, comingSoon: 2, defaultVariant: 4 } as const;

/**
 * The cards of the indexed products, one slot each (issue 23): a page of a list is answered from
 * memory, with no read of its cards (list-index.card-row.ts puts one together). Numbers in typed
 * arrays, the rare values (a campaign, a variant value) in maps. Kept fresh by the same change rows as
 * the index (migration 0022).
 */
export class CardColumns {
  sku: string[] = [];
  vat = new Int32Array(0);
  qty = new Int32Array(0);
  lowStock = new Int32Array(0);
  price = new Int32Array(0);
  flags = new Uint8Array(0);
  cover: (string | null)[] = [];
  readonly campaigns = new Map<number, CampaignPrice[]>();
  readonly variantValue = new Map<number, number>();

  set(slot: number, row: CardFields) {
    this.vat = grow(this.vat, slot + 1);
    this.qty = grow(this.qty, slot + 1);
    this.lowStock = grow(this.lowStock, slot + 1);
    this.price = grow(this.price, slot + 1);
    this.flags = grow(this.flags, slot + 1);
    this.sku[slot] = row.sku;
    this.vat[slot] = row.vat_id;
    this.qty[slot] = row.available_qty;
    this.lowStock[slot] = row.low_stock_threshold;
    this.price[slot] = row.price;
    this.flags[slot] =
      (row.has_variants ? CARD_FLAG.hasVariants : 0) |
      (row.coming_soon ? CARD_FLAG.comingSoon : 0) |
      (row.is_default_variant ? CARD_FLAG.defaultVariant : 0);
    this.cover[slot] = row.cover_path;
    setOrDelete(this.campaigns, slot, row.campaigns?.length ? row.campaigns : null);
    setOrDelete(this.variantValue, slot, row.variant_value);
  }
}

/** The lowest price of the campaigns running on `today`, null when none is. */
export function campaignPrice(campaigns: CampaignPrice[] | undefined, today: string): number | null {
  let lowest: number | null = null;
  for (const c of campaigns ?? []) {
    if (c.start <= today && c.end >= today && (lowest === null || c.price < lowest)) lowest = c.price;
  }
  return lowest;
}

function setOrDelete<V>(map: Map<number, V>, slot: number, value: V | null) {
  if (value === null) map.delete(slot);
  else map.set(slot, value);
}
