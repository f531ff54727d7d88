import type { CategoryCode } from '@shop/domain';
import type { products } from '../schema';
import { addDays, atHour, withEanCheckDigit } from './codes';
import { Rng } from './random';
import { BRANDS, type BrandDef, type BrandKind, type Refs, SUBCATEGORIES } from './reference';
import * as W from './words';

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

/** Price range in cents per support: 12,90 / 249,00 style endings, whole euros for books. */
const PRICE_RANGES: Record<string, [number, number]> = {
  CD: [1290, 1990],
  LP: [2490, 3990],
  EP: [790, 1290],
  MC: [990, 1490],
  SACD: [2490, 3490],
  DVD: [990, 1790],
  'DVD musicale': [1290, 1990],
  'Blu-ray': [1990, 2990],
  VHS: [590, 1290],
  Giradischi: [19900, 59900],
  Accessorio: [990, 7990],
  Cuffie: [4900, 29900],
  'T-shirt': [1990, 2490],
  Felpa: [3990, 5490],
  Gadget: [590, 1990],
  Poster: [790, 1990],
  Libro: [1500, 3500],
  Spartito: [990, 2990],
  Segnalibro: [290, 590],
};

function priceFor(rng: Rng, support: string): number {
  const [lo, hi] = PRICE_RANGES[support]!;
  if (lo % 1000 === 900) return rng.int(Math.floor(lo / 1000), Math.floor(hi / 1000)) * 1000 + 900;
  if (lo % 100 === 0) return rng.int(lo / 100, hi / 100) * 100;
  if (lo % 100 === 90) return rng.int(Math.floor(lo / 100), Math.floor(hi / 100)) * 100 + 90;
  return rng.int(lo / 10, hi / 10) * 10;
}

const DIMS: Record<string, { width: number; height: number; depth: number; weight: number }> = {
  CD: { width: 142, height: 125, depth: 10, weight: 110 },
  SACD: { width: 142, height: 125, depth: 10, weight: 120 },
  LP: { width: 315, height: 315, depth: 6, weight: 280 },
  EP: { width: 180, height: 180, depth: 3, weight: 70 },
  MC: { width: 110, height: 70, depth: 17, weight: 60 },
  DVD: { width: 135, height: 190, depth: 14, weight: 120 },
  'Blu-ray': { width: 135, height: 170, depth: 12, weight: 110 },
  VHS: { width: 105, height: 190, depth: 25, weight: 230 },
  Giradischi: { width: 450, height: 140, depth: 360, weight: 6500 },
  Libro: { width: 150, height: 230, depth: 20, weight: 420 },
};

function personName(rng: Rng, italian: boolean): string {
  if (italian) {
    const first = rng.chance(0.5) ? rng.pick(W.IT_FIRST_NAMES_M) : rng.pick(W.IT_FIRST_NAMES_F);
    return `${first} ${rng.pick(W.IT_LAST_NAMES)}`;
  }
  return `${rng.pick(W.EN_FIRST_NAMES)} ${rng.pick(W.EN_LAST_NAMES)}`;
}

function artistName(rng: Rng, italian: boolean): string {
  if (italian) return rng.chance(0.6) ? personName(rng, true) : rng.pick(W.IT_BAND_NAMES);
  return rng.chance(0.5) ? personName(rng, false) : `The ${rng.pick(W.EN_BAND_WORDS)}`;
}

function albumTitle(rng: Rng, italian: boolean): string {
  return italian
    ? `${rng.pick(W.IT_TITLE_A)} ${rng.pick(W.IT_TITLE_B)}`
    : `${rng.pick(W.EN_TITLE_A)} ${rng.pick(W.EN_TITLE_B)}`;
}

const CLASSICAL_TITLES = [
  'Sinfonie n. 4 e 7',
  'Concerti per violino e archi',
  'Notturni e ballate',
  'Sonate per pianoforte',
  'Musica sacra',
  'Ouverture e intermezzi',
  'Quartetti per archi',
  'Arie d’opera',
];

type Draft = Pick<
  ProductSeed,
  | 'title'
  | 'author'
  | 'genre'
  | 'area'
  | 'support'
  | 'distribution'
  | 'composer'
  | 'shippingPrice'
  | 'maxQuantity'
  | 'hasVariants'
> & { noteCount: number };

function draftMusic(rng: Rng, sub: string): Draft {
  const genre = rng.pick(W.MUSIC_GENRES);
  const italian = genre === 'Cantautori' || (genre !== 'Classica' && rng.chance(0.45));
  const classical = genre === 'Classica';
  const support = ({ CD: 'CD', LP: 'LP', '7_POLLICI': 'EP', MC: 'MC', SACD: 'SACD' } as const)[
    sub as 'CD' | 'LP' | '7_POLLICI' | 'MC' | 'SACD'
  ];
  let title = classical ? rng.pick(CLASSICAL_TITLES) : albumTitle(rng, italian);
  if (rng.chance(0.12)) {
    title += support === 'LP' ? rng.pick([' (Colored Vinyl)', ' (180 g)']) : rng.pick(SUFFIXES);
  }
  return {
    title,
    author: classical ? rng.pick(W.COMPOSERS) : artistName(rng, italian),
    genre,
    area: italian ? 'Italia' : 'Internazionale',
    support,
    distribution: rng.weighted([
      ['Sonora', 6],
      ['Import', 3],
      ['Esclusiva Sonora', 1],
    ] as const),
    composer: null,
    shippingPrice: null,
    maxQuantity: null,
    hasVariants: false,
    noteCount: W.IT_NOTES.length,
  };
}
const SUFFIXES = [' (Deluxe Edition)', ' (Remastered)', ' – Live', ' Vol. 2', ' (Edizione limitata)'];

function draftVideo(rng: Rng, sub: string): Draft {
  const musical = sub === 'DVD_MUSICALI' || sub === 'BLU_RAY_MUSICALI';
  const support = sub.startsWith('BLU_RAY') ? 'Blu-ray' : sub === 'VHS' ? 'VHS' : 'DVD';
  const italian = rng.chance(0.5);
  if (musical) {
    return {
      title: `Live at ${rng.pick(W.VENUES)}`,
      author: artistName(rng, italian),
      genre: rng.pick(W.MUSIC_GENRES),
      area: italian ? 'Italia' : 'Internazionale',
      support,
      distribution: 'Sonora',
      composer: null,
      shippingPrice: null,
      maxQuantity: null,
      hasVariants: false,
      noteCount: W.IT_NOTES.length,
    };
  }
  return {
    title: `${rng.pick(W.FILM_TITLE_A)} ${rng.pick(W.PLACES)}`,
    author: personName(rng, italian),
    genre: rng.pick(W.FILM_GENRES),
    area: italian ? 'Italia' : 'Internazionale',
    support,
    distribution: rng.chance(0.8) ? 'Sonora' : 'Import',
    composer: null,
    shippingPrice: null,
    maxQuantity: null,
    hasVariants: false,
    noteCount: W.IT_FILM_NOTES.length,
  };
}

function draftHifi(rng: Rng, sub: string, brand: BrandDef): Draft {
  let title: string;
  let support: string;
  if (sub === 'GIRADISCHI') {
    support = 'Giradischi';
    title = `${brand.name} TT-${rng.int(10, 99) * 10} – ${rng.pick([
      'Giradischi a trazione a cinghia',
      'Giradischi a trazione diretta',
      'Giradischi automatico con preamplificatore',
      'Giradischi manuale con braccio in carbonio',
    ])}`;
  } else if (sub === 'CUFFIE') {
    support = 'Cuffie';
    title = `${brand.name} HP-${rng.int(10, 99) * 10} – ${rng.pick([
      'Cuffie chiuse over-ear',
      'Cuffie aperte da studio',
      'Cuffie wireless Bluetooth',
      'Auricolari hi-res',
    ])}`;
  } else {
    support = 'Accessorio';
    title = `${brand.name} – ${rng.pick([
      'Testina magnetica MM',
      'Puntina di ricambio',
      'Tappetino in feltro',
      'Spazzola antistatica in fibra di carbonio',
      'Kit pulizia vinili',
      'Buste interne antistatiche (50 pz)',
      'Cavo RCA 1 m',
      'Livella a bolla per giradischi',
    ])}`;
  }
  return {
    title,
    author: null,
    genre: null,
    area: null,
    support,
    distribution: 'Sonora',
    composer: null,
    shippingPrice: null,
    maxQuantity: null,
    hasVariants: false,
    noteCount: W.IT_HIFI_NOTES.length,
  };
}

function draftMerch(rng: Rng, sub: string): Draft {
  const italian = rng.chance(0.5);
  const artist = artistName(rng, italian);
  const base = {
    author: artist,
    genre: null,
    area: italian ? 'Italia' : 'Internazionale',
    distribution: 'Sonora',
    composer: null,
    shippingPrice: null,
    noteCount: W.IT_MERCH_NOTES.length,
  };
  if (sub === 'ABBIGLIAMENTO') {
    const support = rng.chance(0.75) ? 'T-shirt' : 'Felpa';
    return {
      ...base,
      title: `${support} ${artist} – ${albumTitle(rng, italian)}`,
      support,
      maxQuantity: 10,
      hasVariants: true,
    };
  }
  if (sub === 'POSTER') {
    return {
      ...base,
      title: `Poster ${artist} – ${albumTitle(rng, italian)} (50×70 cm)`,
      support: 'Poster',
      maxQuantity: rng.chance(0.3) ? 10 : null,
      hasVariants: false,
    };
  }
  const item = rng.pick(['Tazza', 'Portachiavi', 'Spilla', 'Borsa tote', 'Set di plettri', 'Calamita']);
  return {
    ...base,
    title: `${item} ${artist}`,
    support: 'Gadget',
    maxQuantity: rng.chance(0.4) ? 10 : null,
    hasVariants: false,
  };
}

function draftBook(rng: Rng, sub: string): Draft {
  if (sub === 'SPARTITI') {
    const composer = rng.pick(W.COMPOSERS);
    return {
      title: `${composer}: ${rng.pick(W.SHEET_WORKS)}`,
      author: personName(rng, true),
      genre: 'Musica classica',
      area: 'Internazionale',
      support: 'Spartito',
      distribution: 'Sonora',
      composer,
      shippingPrice: null,
      maxQuantity: null,
      hasVariants: false,
      noteCount: W.IT_BOOK_NOTES.length,
    };
  }
  if (sub === 'SEGNALIBRI') {
    return {
      title: `Segnalibro magnetico – ${rng.pick(['Note musicali', 'Vinili', 'Chiave di violino', 'Pianoforte', 'Chitarra', 'Cassette'])}`,
      author: null,
      genre: null,
      area: null,
      support: 'Segnalibro',
      distribution: 'Sonora',
      composer: null,
      shippingPrice: null,
      maxQuantity: null,
      hasVariants: false,
      noteCount: W.IT_BOOK_NOTES.length,
    };
  }
  const genre = rng.pick(W.MUSIC_GENRES);
  const pattern = rng.pick(W.BOOK_PATTERNS);
  const title = rng.chance(0.2) ? `Manuale di ${rng.pick(W.INSTRUMENTS)}` : pattern(genre);
  return {
    title,
    author: personName(rng, rng.chance(0.8)),
    genre: rng.pick(['Saggistica', 'Biografia', 'Didattica', 'Fotografia']),
    area: 'Italia',
    support: 'Libro',
    distribution: 'Sonora',
    composer: null,
    shippingPrice: null,
    maxQuantity: null,
    hasVariants: false,
    noteCount: W.IT_BOOK_NOTES.length,
  };
}

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
      isbn = withEanCheckDigit(
        `97888${brand.eanCode.slice(1)}${String(nextBrandNumber(brand)).padStart(4, '0')}`,
      );
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

function initialStock(seed: ProductSeed): NonNullable<ProductSeed['stock']> {
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

/** Every sellable row: products without variants and the variants of the others. */
export function sellable(seeds: readonly ProductSeed[]): ProductSeed[] {
  return seeds.flatMap((s) => (s.hasVariants ? s.variants : [s]));
}

type ProductInsert = typeof products.$inferInsert;

/** The products row of a seed, with the ids of its references. */
export function productRow(seed: ProductSeed, refs: Refs, parentId: number | null): ProductInsert {
  const isVariant = seed.parent !== null;
  return {
    parentId,
    isDefaultVariant: seed.isDefaultVariant,
    sku: seed.sku,
    code: seed.sku.replace('-', ''),
    supplierCode: seed.catalogueNo,
    erpCode: `A${String(seed.index + 1).padStart(7, '0')}${isVariant ? seed.size : ''}`,
    brandId: refs.brandIdByCode.get(seed.brand.code)!,
    categoryId: refs.categoryIdByCode.get(seed.category)!,
    subcategoryId: refs.subcategoryIdByCode.get(seed.subcategory)!,
    label: seed.brand.name,
    genre: seed.genre,
    area: seed.area,
    support: seed.support,
    author: seed.author,
    distribution: seed.distribution,
    catalogueNo: seed.catalogueNo,
    description: seed.title,
    extendedDescription: noteText(seed, 'it'),
    ean13: seed.ean13,
    isbn: seed.isbn,
    upc: null,
    lowStockThreshold: seed.lowStockThreshold,
    price: seed.price,
    shippingPrice: seed.shippingPrice,
    width: seed.dims?.width ?? null,
    height: seed.dims?.height ?? null,
    depth: seed.dims?.depth ?? null,
    weight: seed.dims?.weight ?? null,
    available: !seed.discontinued,
    availableForOrders: !seed.discontinued,
    outOfStock: seed.outOfStock,
    availableFrom: seed.releaseDate,
    releaseDate: seed.releaseDate,
    availableForPreorders: seed.preorder,
    availableOnRequest: seed.onRequest,
    hasVariants: seed.hasVariants,
    variantValue: seed.variantValue,
    minQuantity: 1,
    maxQuantity: seed.maxQuantity,
    uomId: refs.uomIdByCode.get('PZ')!,
    vatId: refs.vatIdByRate.get(seed.vatRate)!,
    discontinued: seed.discontinued,
    featured: isVariant ? false : seed.featured,
    comingSoon: seed.preorder,
    isEssential: isVariant ? false : seed.isEssential,
    createdAt: seed.createdAt,
    updatedAt: seed.createdAt,
  };
}

export function noteText(seed: ProductSeed, language: 'it' | 'en'): string {
  const it = language === 'it';
  switch (seed.category) {
    case 'MUSICA':
      return (it ? W.IT_NOTES : W.EN_NOTES)[seed.noteIndex]!;
    case 'HOME_VIDEO':
      return seed.subcategory.endsWith('MUSICALI')
        ? (it ? W.IT_NOTES : W.EN_NOTES)[seed.noteIndex]!
        : (it ? W.IT_FILM_NOTES : W.EN_FILM_NOTES)[seed.noteIndex]!;
    case 'HI_FI':
      return (it ? W.IT_HIFI_NOTES : W.EN_HIFI_NOTES)[seed.noteIndex]!;
    case 'MERCHANDISE':
      return (it ? W.IT_MERCH_NOTES : W.EN_MERCH_NOTES)[seed.noteIndex]!;
    case 'EDITORIA':
      return (it ? W.IT_BOOK_NOTES : W.EN_BOOK_NOTES)[seed.noteIndex]!;
  }
}

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The product_attributes of a seed: AUTORE, ETICHETTA, CATALOGO, GENERE, notes, TRACKLIST, embeds… */
export function productAttributes(seed: ProductSeed): { code: string; value: string }[] {
  const out: { code: string; value: string }[] = [];
  const add = (code: string, value: string | null) => {
    if (value) out.push({ code, value });
  };
  if (seed.parent) {
    add('TAGLIA', seed.size);
    return out;
  }
  const r = new Rng(`attributes:${seed.sku}`);
  const media = seed.category === 'MUSICA' || seed.category === 'HOME_VIDEO' || seed.category === 'EDITORIA';
  if (media) {
    add('AUTORE', seed.author);
    add('ETICHETTA', seed.brand.name);
    add('CATALOGO', seed.catalogueNo);
    add('GENERE', seed.genre);
  }
  if (seed.subcategory === 'SPARTITI') add('COMPOSITORE', seed.composer);
  add('NOTE_PRODOTTO', noteText(seed, 'it'));
  add('NOTE_PRODOTTO_EN', noteText(seed, 'en'));
  if (seed.category === 'MUSICA') {
    const count = seed.support === 'EP' ? r.int(2, 4) : r.int(8, 12);
    const words = seed.area === 'Italia' ? W.TRACK_WORDS_IT : W.TRACK_WORDS_EN;
    const tracks: string[] = [];
    for (let i = 1; i <= count; i++)
      tracks.push(`${i}. ${r.pick(words)}${r.chance(0.25) ? ` ${r.pick(words).toLowerCase()}` : ''}`);
    add('TRACKLIST', tracks.join('\n'));
    if (r.chance(0.12)) add('SPOTIFY', `https://open.spotify.com/embed/album/${r.chars(ID_CHARS, 22)}`);
  }
  if ((seed.category === 'MUSICA' || seed.category === 'HOME_VIDEO') && r.chance(0.12)) {
    add('YOUTUBE', `https://www.youtube.com/embed/${r.chars(`${ID_CHARS}-_`, 11)}`);
  }
  return out;
}
