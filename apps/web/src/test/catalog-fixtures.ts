import {
  type ProductCard,
  ProductCardSchema,
  type ProductDetail,
  ProductDetailSchema,
  type ProductPrice,
  type ProductVariant,
  ProductVariantSchema,
} from '@shop/domain';

/** Fixtures are parsed with the API contract's schemas: tests use only what the server may send. */

export function price(overrides: Partial<ProductPrice> = {}): ProductPrice {
  return {
    list_price: 1290,
    tier_price: null,
    discount_rate: 0,
    discounted_price: 1290,
    campaign_price: null,
    is_under_campaign: false,
    contract_price: null,
    price_source: 'list',
    unit_price: 1290,
    vat_rate: 2200,
    unit_price_with_vat: 1574,
    display: 'net',
    ...overrides,
  };
}

export function productCard(overrides: Partial<ProductCard> = {}): ProductCard {
  return ProductCardSchema.parse({
    id: 1,
    sku: 'MU000001',
    description: 'Canzoni del mare',
    author: 'Lucio Rossi',
    label: 'Vinile Nero',
    support: 'CD',
    genre: 'Pop',
    category: 'MUSICA',
    subcategory: 'CD',
    release_date: '2026-03-14',
    cover_url: '/covers/MU000001.svg',
    availability: 'in_stock',
    available_quantity: 12,
    has_variants: false,
    is_essential: false,
    featured: false,
    coming_soon: false,
    price: price(),
    ...overrides,
  });
}

export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return ProductDetailSchema.parse({
    ...productCard(),
    extended_description: null,
    area: 'Italia',
    distribution: 'Sonora',
    catalogue_no: 'VN-0042',
    ean13: '8012345000017',
    isbn: null,
    upc: null,
    brand: { code: 'VINILE_NERO', description: 'Vinile Nero', logo_url: null },
    available_from: null,
    min_quantity: 1,
    max_quantity: null,
    width: null,
    height: null,
    depth: null,
    weight: null,
    images: [
      { url: '/covers/MU000001-back.svg', thumb_url: null, is_cover: false },
      { url: '/covers/MU000001.svg', thumb_url: null, is_cover: true },
    ],
    attributes: {
      AUTORE: 'Lucio Rossi',
      ETICHETTA: 'Vinile Nero',
      CATALOGO: 'VN-0042',
      GENERE: 'Pop',
      TRACKLIST: '1. Alba\n2. Onde\n3. Faro',
      NOTE_PRODOTTO: 'Il disco più atteso della stagione.',
      NOTE_PRODOTTO_EN: 'The most awaited record of the season.',
    },
    variants: [],
    tiers: [],
    ...overrides,
  });
}

export function variant(overrides: Partial<ProductVariant> = {}): ProductVariant {
  return ProductVariantSchema.parse({
    ...productCard({
      category: 'MERCHANDISE',
      subcategory: 'ABBIGLIAMENTO',
      support: 'T-shirt',
      genre: null,
    }),
    variant_value: null,
    is_default: false,
    attributes: {},
    ...overrides,
  });
}
