import type { CategoryCode } from '@shop/domain';
import { BRANDS, type BrandDef, type BrandKind } from './brands';
import { SUBCATEGORIES } from './categories';
import { addDays, atHour, withEanCheckDigit } from './codes';
import { DIMS, draftBook, draftHifi, draftMerch, draftMusic, draftVideo, priceFor } from './product-drafts';
import { Rng } from './random';
import { initialStock } from './stock';

/**
 * The demo catalogue, generated in memory from a seeded PRNG (DESIGN §10). Attributes, covers and stock
 * are derived per product from these seeds, so 100,000 products need no more than one object each.
 */

export type ProductSeed = {
  /** Position in generation order (0-based). */
  index: number;
  sku: string;
  category: CategoryCode;
  subcategory: string;
  brand: BrandDef;
  title: string;
  author: string | null;
  genre: string | null;
  area: string | null;
  support: string;
  distribution: string | null;
  catalogueNo: string | null;
  ean13: string | null;
  isbn: string | null;
  /** Composer of sheet music (COMPOSITORE). */
  composer: string | null;
  price: number;
  shippingPrice: number | null;
  vatRate: number;
  releaseDate: string;
  createdAt: Date;
  preorder: boolean;
  onRequest: boolean;
  discontinued: boolean;
  outOfStock: boolean;
  featured: boolean;
  isEssential: boolean;
  maxQuantity: number | null;
  lowStockThreshold: number;
  dims: { width: number; height: number; depth: number; weight: number } | null;
  /** Which canned note text (NOTE_PRODOTTO / _EN) describes it. */
  noteIndex: number;
  hasVariants: boolean;
  /** Variants: the parent's seed and the size. */
  parent: ProductSeed | null;
  size: string | null;
  variantValue: number | null;
  isDefaultVariant: boolean;
  variants: ProductSeed[];
  /** Stock in the two warehouses; `ordered` is filled in by the orders. */
  stock: {
    main: number;
    mainOnOrder: number;
    ext: number | null;
    extOnOrder: number;
    ordered: number;
  } | null;
  /** Database id, once inserted. */
  id: number;
};

/** Category shares of DESIGN §10 / the brief: 55% music, 20% video, 8% hi-fi, 9% merch, 8% books. */
const CATEGORY_SHARES: [CategoryCode, number][] = [
  ['HOME_VIDEO', 0.2],
  ['HI_FI', 0.08],
  ['MERCHANDISE', 0.09],
  ['EDITORIA', 0.08],
];
const SKU_PREFIX: Record<CategoryCode, string> = {
  MUSICA: 'MU',
  HOME_VIDEO: 'HV',
  HI_FI: 'HF',
  MERCHANDISE: 'ME',
  EDITORIA: 'ED',
};
const BRAND_KIND: Record<CategoryCode, BrandKind> = {
  MUSICA: 'music',
  HOME_VIDEO: 'video',
  HI_FI: 'hifi',
  MERCHANDISE: 'merch',
  EDITORIA: 'books',
};
export const SIZES = ['S', 'M', 'L', 'XL'] as const;

const FIVE_YEARS = 5 * 365;

/**
 * Generates `count` products (variants of merchandise clothing come on top), spread over the five
 * categories, with release dates from five years ago to four months after `today` (YYYY-MM-DD).
 */
export function generateProducts(count: number, today: string): ProductSeed[] {
  const rng = new Rng('catalog');
  const plan: CategoryCode[] = [];
  for (const [code, share] of CATEGORY_SHARES) {
    for (let i = 0; i < Math.round(count * share); i++) plan.push(code);
  }
  while (plan.length < count) plan.push('MUSICA');
  plan.length = count;
  rng.shuffle(plan);

  const skuCounter: Record<CategoryCode, number> = {
    MUSICA: 0,
    HOME_VIDEO: 0,
    HI_FI: 0,
    MERCHANDISE: 0,
    EDITORIA: 0,
  };
  const brandCounter = new Map<string, number>();
  const nextBrandNumber = (brand: BrandDef) => {
    const n = (brandCounter.get(brand.code) ?? 0) + 1;
    brandCounter.set(brand.code, n);
    return n;
  };
  const ean = (brand: BrandDef) =>
    withEanCheckDigit(`80${brand.eanCode}${String(nextBrandNumber(brand)).padStart(6, '0')}`);
  const brandsByKind = new Map<BrandKind, BrandDef[]>();
  for (const b of BRANDS) brandsByKind.set(b.kind, [...(brandsByKind.get(b.kind) ?? []), b]);

  const seeds: ProductSeed[] = [];
  for (let index = 0; index < count; index++) {
    const category = plan[index]!;
    const r = new Rng(`product:${index}`);
    const subs = SUBCATEGORIES.filter((s) => s.category === category);
    const subcategory = r.weighted(subs.map((s) => [s.code, s.weight] as const));
    const brand = r.pick(brandsByKind.get(BRAND_KIND[category])!);
    skuCounter[category] += 1;
    const sku = `${SKU_PREFIX[category]}-${String(skuCounter[category]).padStart(6, '0')}`;

    const draft =
      category === 'MUSICA'
        ? draftMusic(r, subcategory)
        : category === 'HOME_VIDEO'
          ? draftVideo(r, subcategory)
          : category === 'HI_FI'
            ? draftHifi(r, subcategory, brand)
            : category === 'MERCHANDISE'
              ? draftMerch(r, subcategory)
              : draftBook(r, subcategory);
    const price = priceFor(r, subcategory === 'DVD_MUSICALI' ? 'DVD musicale' : draft.support);
    // Bulky record players carry their own shipping price (DESIGN §6 rule 6).
    if (draft.support === 'Giradischi' && price >= 35000 && r.chance(0.6))
      draft.shippingPrice = r.int(15, 25) * 100;

    // Release dates: recent ones more likely; only music, video and books can be announced in advance.
    const canPreorder =
      category === 'MUSICA' ||
      category === 'HOME_VIDEO' ||
      (category === 'EDITORIA' && subcategory === 'LIBRI');
    const preorder = canPreorder && r.chance(0.065);
    const offset = preorder ? r.int(3, 120) : -Math.floor(FIVE_YEARS * r.float() ** 1.6);
    const releaseDate = addDays(today, offset);
    const age = -offset;

    const discontinued = !preorder && age > 730 && r.chance(0.03);
    const onRequest =
      !preorder &&
      !discontinued &&
      (category === 'HI_FI' ? r.chance(0.12) : category !== 'MERCHANDISE' && r.chance(0.02));
    const outOfStock = discontinued || (!preorder && !onRequest && r.chance(0.015));
    const featured = preorder ? r.chance(0.1) : age <= 90 ? r.chance(0.15) : r.chance(0.02);
    const isEssential = (category === 'MUSICA' || category === 'HOME_VIDEO') && age > 365 && r.chance(0.07);

    let catalogueNo: string | null = null;
    let ean13: string | null = null;
    let isbn: string | null = null;
    if (subcategory === 'LIBRI') {
      // 978 + group 88 + publisher + 4-digit title; past 9,999 titles a publisher moves to group 89, 90…
      // so a million-product catalogue still gets 13-digit, unique ISBNs.
      const n = nextBrandNumber(brand);
      const group = 88 + Math.floor(n / 10_000);
      isbn = withEanCheckDigit(`978${group}${brand.eanCode.slice(1)}${String(n % 10_000).padStart(4, '0')}`);
      ean13 = isbn;
      catalogueNo = `${brand.prefix}-${isbn.slice(8, 12)}`;
    } else if (subcategory === 'SPARTITI') {
      const n = nextBrandNumber(brand);
      ean13 = withEanCheckDigit(`9790${brand.eanCode.slice(1)}${String(n).padStart(5, '0')}`);
      catalogueNo = `${brand.prefix} ${String(n).padStart(5, '0')}`;
    } else if (!draft.hasVariants) {
      ean13 = ean(brand);
      if (category === 'MUSICA' || category === 'HOME_VIDEO') {
        catalogueNo = `${brand.prefix} ${String(brandCounter.get(brand.code)).padStart(4, '0')}`;
      }
    }

    const created = preorder ? addDays(today, -r.int(5, 60)) : addDays(releaseDate, -r.int(0, 45));
    const seed: ProductSeed = {
      index,
      sku,
      category,
      subcategory,
      brand,
      title: draft.title,
      author: draft.author,
      genre: draft.genre,
      area: draft.area,
      support: draft.support,
      distribution: draft.distribution,
      catalogueNo,
      ean13,
      isbn,
      composer: draft.composer,
      price,
      shippingPrice: draft.shippingPrice,
      vatRate: subcategory === 'LIBRI' || subcategory === 'SPARTITI' ? 400 : 2200,
      releaseDate,
      createdAt: atHour(created, 9, r.int(0, 59)),
      preorder,
      onRequest,
      discontinued,
      outOfStock,
      featured,
      isEssential,
      maxQuantity: draft.maxQuantity,
      lowStockThreshold: category === 'MUSICA' || category === 'HOME_VIDEO' ? 3 : 1,
      dims: DIMS[draft.support] ?? null,
      noteIndex: r.int(0, draft.noteCount - 1),
      hasVariants: draft.hasVariants,
      parent: null,
      size: null,
      variantValue: null,
      isDefaultVariant: false,
      variants: [],
      stock: null,
      id: 0,
    };
    if (draft.hasVariants) {
      seed.variants = SIZES.map((size, i) => ({
        ...seed,
        sku: `${sku}-${size}`,
        title: `${seed.title} – ${size}`,
        ean13: ean(brand),
        hasVariants: false,
        parent: seed,
        size,
        variantValue: i + 1,
        isDefaultVariant: size === 'M',
        variants: [],
      }));
    }
    seeds.push(seed);
  }

  ensureAtLeast(seeds, today);
  for (const seed of seeds) {
    if (seed.hasVariants) for (const v of seed.variants) v.stock = initialStock(v);
    else seed.stock = initialStock(seed);
  }
  return seeds;
}

/** Small catalogues still get pre-orders and on-request products, so every order shape can be built. */
function ensureAtLeast(seeds: ProductSeed[], today: string) {
  const music = seeds.filter(
    (s) => s.category === 'MUSICA' && !s.preorder && !s.onRequest && !s.discontinued,
  );
  let preorders = seeds.filter((s) => s.preorder).length;
  for (let i = music.length - 1; i >= 0 && preorders < 8; i--, preorders++) {
    const s = music[i]!;
    s.preorder = true;
    s.outOfStock = false;
    s.releaseDate = addDays(today, 7 + preorders * 9);
    s.createdAt = atHour(addDays(today, -10 - preorders), 9);
    s.isEssential = false;
  }
  let onRequest = seeds.filter((s) => s.onRequest).length;
  for (let i = 0; i < music.length && onRequest < 4; i++) {
    const s = music[i]!;
    if (s.preorder) continue;
    s.onRequest = true;
    s.outOfStock = false;
    onRequest++;
  }
}

/** Every sellable row: products without variants and the variants of the others. */
export function sellable(seeds: readonly ProductSeed[]): ProductSeed[] {
  return seeds.flatMap((s) => (s.hasVariants ? s.variants : [s]));
}
