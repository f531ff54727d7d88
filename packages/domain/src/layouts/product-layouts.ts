import type { CategoryCode, Language } from '../constants';
import type { FacetField } from '../schemas/catalog';

/**
 * The fixed per-category product layouts of SPEC §3 and DESIGN §7: which fields and attributes a
 * product card, the product info block and the product tabs show, for MUSICA, HOME_VIDEO, HI_FI,
 * MERCHANDISE, EDITORIA and a default. Pure data plus the few pure readers the screens need; labels are
 * ids that the web translates (`product.labels.<id>`).
 */

/** Attribute tag codes the layouts read (SPEC §3 product attributes, plus TAGLIA for sizes). */
export const LAYOUT_ATTRIBUTES = [
  'AUTORE',
  'ETICHETTA',
  'CATALOGO',
  'GENERE',
  'COMPOSITORE',
  'NOTE_PRODOTTO',
  'NOTE_PRODOTTO_EN',
  'TRACKLIST',
  'YOUTUBE',
  'SPOTIFY',
  'TAGLIA',
] as const;
export type LayoutAttribute = (typeof LAYOUT_ATTRIBUTES)[number];

/** Attributes whose value is an embeddable player URL (rendered only from their own hosts). */
export type EmbedAttribute = 'YOUTUBE' | 'SPOTIFY';

/**
 * Product fields a layout may show: keys of the product payload, plus `dimensions` (width × height ×
 * depth, mm) and `weight` (g), read when the payload carries them.
 */
export const LAYOUT_PRODUCT_FIELDS = [
  'sku',
  'author',
  'label',
  'support',
  'genre',
  'area',
  'distribution',
  'release_date',
  'available_from',
  'catalogue_no',
  'ean13',
  'isbn',
  'upc',
  'brand',
  'dimensions',
  'weight',
] as const;
export type LayoutProductField = (typeof LAYOUT_PRODUCT_FIELDS)[number];

/** The fields of a product card payload (GET /api/products items): the only ones a card may show. */
export const CARD_FIELDS = ['author', 'label', 'support', 'genre', 'release_date'] as const;

/** Label ids of the shown fields; the web has a translation for each. */
export const FIELD_LABELS = [
  'author',
  'artist',
  'director',
  'label',
  'publisher',
  'brand',
  'support',
  'type',
  'genre',
  'catalogue_no',
  'publisher_code',
  'release_date',
  'available_from',
  'ean13',
  'isbn',
  'upc',
  'sku',
  'composer',
  'area',
  'distribution',
  'dimensions',
  'weight',
  'size',
  'variant',
] as const;
export type FieldLabel = (typeof FIELD_LABELS)[number];

export type FieldSource = { field: LayoutProductField } | { attribute: LayoutAttribute };

export interface LayoutField {
  label: FieldLabel;
  /** Where the value comes from: the first non-empty source wins. */
  from: readonly FieldSource[];
  /** The value links to the product list filtered by this facet (`/products?<facet>=<value>`). */
  filter?: FacetField;
}

export const TAB_IDS = ['notes', 'tracklist', 'media', 'details', 'description'] as const;
export type TabId = (typeof TAB_IDS)[number];

export type LayoutTab =
  /** NOTE_PRODOTTO in Italian, NOTE_PRODOTTO_EN in English, each falling back to the other. */
  | { id: 'notes'; attributes: Record<Language, LayoutAttribute> }
  /** A newline-separated list, one track a line. */
  | { id: 'tracklist'; attribute: LayoutAttribute }
  /** Player embeds, in this order. */
  | { id: 'media'; attributes: readonly EmbedAttribute[] }
  /** A table of codes and measures. */
  | { id: 'details'; fields: readonly LayoutField[] }
  /** The product's extended description. */
  | { id: 'description' };

export interface ProductLayout {
  /** The layout's key: a category code, or 'DEFAULT'. */
  key: CategoryCode | 'DEFAULT';
  /** Under the title on product cards; the first is the card's subtitle. Card payload fields only. */
  card: readonly LayoutField[];
  /** The product detail's info list beside the images. */
  info: readonly LayoutField[];
  /** The product detail's tabs, in order; a tab without content is not shown. */
  tabs: readonly LayoutTab[];
  /** How variants are picked: by this attribute (sizes), labelled so; null attribute → the variant's value. */
  variants: { label: FieldLabel; attribute: LayoutAttribute | null };
}

const field = (label: FieldLabel, key: LayoutProductField, filter?: FacetField): LayoutField =>
  filter ? { label, from: [{ field: key }], filter } : { label, from: [{ field: key }] };

/** A product field, falling back to the attribute that carries the same datum. */
const fieldOr = (
  label: FieldLabel,
  key: LayoutProductField,
  attribute: LayoutAttribute,
  filter?: FacetField,
): LayoutField => {
  const from: FieldSource[] = [{ field: key }, { attribute }];
  return filter ? { label, from, filter } : { label, from };
};

const attribute = (label: FieldLabel, code: LayoutAttribute): LayoutField => ({
  label,
  from: [{ attribute: code }],
});

const notes: LayoutTab = { id: 'notes', attributes: { it: 'NOTE_PRODOTTO', en: 'NOTE_PRODOTTO_EN' } };
const tracklist: LayoutTab = { id: 'tracklist', attribute: 'TRACKLIST' };
const details = (...fields: LayoutField[]): LayoutTab => ({ id: 'details', fields });

const ean = field('ean13', 'ean13');
const upc = field('upc', 'upc');
const sku = field('sku', 'sku');
const dimensions = field('dimensions', 'dimensions');
const weight = field('weight', 'weight');
const releaseDate = field('release_date', 'release_date');
const isbnField = field('isbn', 'isbn');
const support = field('support', 'support', 'support');
const area = field('area', 'area', 'area');
const distribution = field('distribution', 'distribution', 'distribution');
const sizes = { label: 'size', attribute: 'TAGLIA' } as const satisfies ProductLayout['variants'];
const plainVariants = { label: 'variant', attribute: null } as const satisfies ProductLayout['variants'];

const MUSICA: ProductLayout = {
  key: 'MUSICA',
  card: [field('author', 'author'), field('label', 'label'), field('support', 'support')],
  info: [
    fieldOr('author', 'author', 'AUTORE', 'author'),
    fieldOr('label', 'label', 'ETICHETTA', 'label'),
    support,
    fieldOr('genre', 'genre', 'GENERE', 'genre'),
    fieldOr('catalogue_no', 'catalogue_no', 'CATALOGO'),
    releaseDate,
  ],
  tabs: [
    notes,
    tracklist,
    { id: 'media', attributes: ['SPOTIFY', 'YOUTUBE'] },
    details(ean, upc, sku, area, distribution, dimensions, weight),
  ],
  variants: plainVariants,
};

/** Home video: AUTORE is the director (the artist on music DVDs and Blu-rays). */
function homeVideo(authorLabel: FieldLabel): ProductLayout {
  return {
    key: 'HOME_VIDEO',
    card: [field(authorLabel, 'author'), field('support', 'support'), field('label', 'label')],
    info: [
      fieldOr(authorLabel, 'author', 'AUTORE', 'author'),
      fieldOr('label', 'label', 'ETICHETTA', 'label'),
      support,
      fieldOr('genre', 'genre', 'GENERE', 'genre'),
      fieldOr('catalogue_no', 'catalogue_no', 'CATALOGO'),
      releaseDate,
    ],
    tabs: [
      notes,
      tracklist,
      { id: 'media', attributes: ['YOUTUBE'] },
      details(ean, upc, sku, area, distribution, dimensions, weight),
    ],
    variants: plainVariants,
  };
}
const HOME_VIDEO = homeVideo('director');
const MUSIC_VIDEO = homeVideo('artist');

const HI_FI: ProductLayout = {
  key: 'HI_FI',
  card: [field('brand', 'label'), field('type', 'support')],
  info: [
    { label: 'brand', from: [{ field: 'brand' }, { field: 'label' }], filter: 'label' },
    field('type', 'support', 'support'),
    dimensions,
    weight,
  ],
  tabs: [notes, details(ean, upc, sku, distribution)],
  variants: plainVariants,
};

const MERCHANDISE: ProductLayout = {
  key: 'MERCHANDISE',
  card: [field('artist', 'author'), field('type', 'support'), field('brand', 'label')],
  info: [
    field('artist', 'author', 'author'),
    field('type', 'support', 'support'),
    { label: 'brand', from: [{ field: 'label' }, { field: 'brand' }], filter: 'label' },
  ],
  tabs: [notes, details(ean, sku, dimensions, weight)],
  variants: sizes,
};

const EDITORIA: ProductLayout = {
  key: 'EDITORIA',
  card: [field('author', 'author'), field('publisher', 'label'), field('type', 'support')],
  info: [
    fieldOr('author', 'author', 'AUTORE', 'author'),
    attribute('composer', 'COMPOSITORE'),
    fieldOr('publisher', 'label', 'ETICHETTA', 'label'),
    field('type', 'support', 'support'),
    fieldOr('genre', 'genre', 'GENERE', 'genre'),
    isbnField,
    releaseDate,
  ],
  tabs: [
    notes,
    details(isbnField, ean, fieldOr('publisher_code', 'catalogue_no', 'CATALOGO'), sku, dimensions, weight),
  ],
  variants: plainVariants,
};

const DEFAULT: ProductLayout = {
  key: 'DEFAULT',
  card: [field('label', 'label'), field('support', 'support')],
  info: [
    fieldOr('author', 'author', 'AUTORE', 'author'),
    field('label', 'label', 'label'),
    support,
    releaseDate,
  ],
  tabs: [{ id: 'description' }, notes, details(ean, upc, isbnField, sku, dimensions, weight)],
  variants: plainVariants,
};

const BY_CATEGORY: Record<CategoryCode, ProductLayout> = {
  MUSICA,
  HOME_VIDEO,
  HI_FI,
  MERCHANDISE,
  EDITORIA,
};

/** Music DVDs and Blu-rays: home video whose AUTORE is a performer. */
const MUSIC_VIDEO_SUBCATEGORIES = new Set(['DVD_MUSICALI', 'BLU_RAY_MUSICALI']);

/**
 * SPEC §3 / DESIGN §7: the layout of a product of this category (and subcategory); any other or no
 * category gets the default layout.
 */
export function productLayout(
  category: string | null | undefined,
  subcategory?: string | null,
): ProductLayout {
  if (category === 'HOME_VIDEO' && subcategory && MUSIC_VIDEO_SUBCATEGORIES.has(subcategory))
    return MUSIC_VIDEO;
  return (category && BY_CATEGORY[category as CategoryCode]) || DEFAULT;
}

/** Anything shaped like a product payload (card, detail or variant). */
export type LayoutProduct = {
  attributes?: Readonly<Record<string, string>> | undefined;
} & { readonly [key: string]: unknown };

/** A shown value: text, a date (YYYY-MM-DD or an instant, formatted by the screen) or a measure. */
export type LayoutValue =
  | { kind: 'text'; text: string }
  | { kind: 'date'; date: string }
  | { kind: 'dimensions'; width: number; height: number; depth: number }
  | { kind: 'weight'; grams: number };

const DATE_FIELDS = new Set<LayoutProductField>(['release_date', 'available_from']);

function positive(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

function nonEmpty(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text ? text : null;
}

function sourceValue(product: LayoutProduct, source: FieldSource): LayoutValue | null {
  if ('attribute' in source) {
    const text = nonEmpty(product.attributes?.[source.attribute]);
    return text === null ? null : { kind: 'text', text };
  }
  switch (source.field) {
    case 'dimensions': {
      const width = positive(product.width);
      const height = positive(product.height);
      const depth = positive(product.depth);
      return width && height && depth ? { kind: 'dimensions', width, height, depth } : null;
    }
    case 'weight': {
      const grams = positive(product.weight);
      return grams ? { kind: 'weight', grams } : null;
    }
    case 'brand': {
      const brand = product.brand;
      const text =
        typeof brand === 'object' && brand !== null
          ? nonEmpty((brand as { description?: unknown }).description)
          : null;
      return text === null ? null : { kind: 'text', text };
    }
    default: {
      const text = nonEmpty(product[source.field]);
      if (text === null) return null;
      return DATE_FIELDS.has(source.field) ? { kind: 'date', date: text } : { kind: 'text', text };
    }
  }
}

/** The value a layout field shows for this product: its first non-empty source, or null (not shown). */
export function layoutFieldValue(product: LayoutProduct, layoutField: LayoutField): LayoutValue | null {
  for (const source of layoutField.from) {
    const value = sourceValue(product, source);
    if (value) return value;
  }
  return null;
}

/** The notes in the reader's language, falling back to the other language's when missing. */
export function productNotes(
  attributes: Readonly<Record<string, string>> | undefined,
  tab: Extract<LayoutTab, { id: 'notes' }>,
  language: Language,
): string | null {
  const other: Language = language === 'it' ? 'en' : 'it';
  return nonEmpty(attributes?.[tab.attributes[language]]) ?? nonEmpty(attributes?.[tab.attributes[other]]);
}

/** A TRACKLIST value as its non-empty lines. */
export function tracklistLines(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
