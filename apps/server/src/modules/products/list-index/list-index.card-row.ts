import type { CardRow } from '../products.queries';
import { CARD_FLAG, campaignPrice } from './list-index.cards';
import { FLAG, type ListIndexStore, NONE, type TextFacet } from './list-index.store';

/** The card of a slot as SQL's cardColumns() reads it on `today` (its campaign price is that day's). */
export function cardOf(store: ListIndexStore, slot: number, today: string): CardRow {
  const flags = store.flags[slot]!;
  const cards = store.cards;
  const cardFlags = cards.flags[slot]!;
  const day = store.releaseOf(slot);
  const category = store.category[slot]!;
  const subcategory = store.subcategory[slot]!;
  return {
    id: store.id[slot]!,
    parent_id: null,
    sku: cards.sku[slot]!,
    description: store.description[slot]!,
    author: textOf(store, 'author', slot),
    label: textOf(store, 'label', slot),
    support: textOf(store, 'support', slot),
    genre: textOf(store, 'genre', slot),
    category_id: category === NONE ? null : category,
    subcategory_id: subcategory === NONE ? null : subcategory,
    vat_id: cards.vat[slot]!,
    release_date: day === null ? null : isoDay(day),
    available_qty: cards.qty[slot]!,
    available_for_preorders: (flags & FLAG.preorders) !== 0,
    available_on_request: (flags & FLAG.onRequest) !== 0,
    low_stock_threshold: cards.lowStock[slot]!,
    has_variants: (cardFlags & CARD_FLAG.hasVariants) !== 0,
    is_essential: (flags & FLAG.essential) !== 0,
    featured: (flags & FLAG.featured) !== 0,
    coming_soon: (cardFlags & CARD_FLAG.comingSoon) !== 0,
    price: cards.price[slot]!,
    variant_value: cards.variantValue.get(slot) ?? null,
    is_default_variant: (cardFlags & CARD_FLAG.defaultVariant) !== 0,
    campaign_price: campaignPrice(cards.campaigns.get(slot), today),
    cover_path: cards.cover[slot] ?? null,
  };
}

function textOf(store: ListIndexStore, facet: TextFacet, slot: number): string | null {
  const value = store.text[facet][slot]!;
  return value === NONE ? null : store.strings.values[value]!;
}

/** Days since 1970-01-01 as ISO dates (UTC, as PostgreSQL's date arithmetic): a few thousand. */
const isoDays = new Map<number, string>();
function isoDay(day: number): string {
  let iso = isoDays.get(day);
  if (iso === undefined) {
    iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
    isoDays.set(day, iso);
  }
  return iso;
}
