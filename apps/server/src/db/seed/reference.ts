import type { AttributeTagType, CategoryCode } from '@shop/domain';
import type { Db } from '../client';
import {
  attributeTags,
  brands,
  categories,
  currencies,
  customerGroups,
  discountRules,
  shippingMethods,
  shop,
  subcategories,
  uoms,
  vats,
  warehouses,
} from '../schema';

/** Reference data of the demo shop (DESIGN §10): shop, VAT, units, categories, brands, warehouses… */

export const SHOP = {
  name: 'Sonora',
  country: 'IT',
  address: 'Via Privata Oslavia 17, 20134 Milano (MI), Italia',
  email: 'info@sonora.example',
  phone: '+39 02 1234 5678',
  vatId: 'IT12345678903',
  socialLinks: [
    { network: 'facebook', url: 'https://www.facebook.com/sonora.example' },
    { network: 'instagram', url: 'https://www.instagram.com/sonora.example' },
    { network: 'youtube', url: 'https://www.youtube.com/@sonora.example' },
  ],
  codFee: 500,
  defaultFreeShipping: 15000,
};

export const VAT_RATES = [
  { rate: 2200, description: 'IVA 22%' },
  { rate: 1000, description: 'IVA 10%' },
  { rate: 400, description: 'IVA 4%' },
  { rate: 0, description: 'Esente art. 8' },
] as const;

const CURRENCIES = [
  { code: 'EUR', symbol: '€', description: 'Euro' },
  { code: 'CHF', symbol: 'CHF', description: 'Franco svizzero' },
  { code: 'USD', symbol: '$', description: 'Dollaro statunitense' },
  { code: 'GBP', symbol: '£', description: 'Sterlina britannica' },
];

const UOMS = [
  { code: 'PZ', description: 'Pezzo', conversionRatio: 1000 },
  { code: 'CF', description: 'Confezione (6 pezzi)', conversionRatio: 6000 },
  { code: 'PA', description: 'Paio', conversionRatio: 2000 },
  { code: 'CT', description: 'Cartone (25 pezzi)', conversionRatio: 25000 },
];

export const CATEGORIES: { code: CategoryCode; description: string }[] = [
  { code: 'MUSICA', description: 'Musica' },
  { code: 'HOME_VIDEO', description: 'Home video' },
  { code: 'HI_FI', description: 'Hi-Fi' },
  { code: 'MERCHANDISE', description: 'Merchandise' },
  { code: 'EDITORIA', description: 'Editoria' },
];

export type SubcategoryDef = {
  code: string;
  description: string;
  category: CategoryCode;
  /** Relative weight inside the category. */
  weight: number;
  inHomepage: boolean;
};

export const SUBCATEGORIES: SubcategoryDef[] = [
  { code: 'CD', description: 'CD', category: 'MUSICA', weight: 50, inHomepage: true },
  { code: 'LP', description: 'LP e vinili', category: 'MUSICA', weight: 30, inHomepage: true },
  { code: '7_POLLICI', description: '7 pollici', category: 'MUSICA', weight: 7, inHomepage: false },
  { code: 'MC', description: 'Musicassette', category: 'MUSICA', weight: 5, inHomepage: false },
  { code: 'SACD', description: 'SACD', category: 'MUSICA', weight: 8, inHomepage: false },
  { code: 'DVD', description: 'DVD', category: 'HOME_VIDEO', weight: 35, inHomepage: true },
  { code: 'BLU_RAY', description: 'Blu-ray', category: 'HOME_VIDEO', weight: 33, inHomepage: true },
  {
    code: 'DVD_MUSICALI',
    description: 'DVD musicali',
    category: 'HOME_VIDEO',
    weight: 12,
    inHomepage: false,
  },
  {
    code: 'BLU_RAY_MUSICALI',
    description: 'Blu-ray musicali',
    category: 'HOME_VIDEO',
    weight: 10,
    inHomepage: false,
  },
  { code: 'VHS', description: 'VHS', category: 'HOME_VIDEO', weight: 10, inHomepage: false },
  { code: 'GIRADISCHI', description: 'Giradischi', category: 'HI_FI', weight: 30, inHomepage: true },
  { code: 'ACCESSORI', description: 'Accessori', category: 'HI_FI', weight: 45, inHomepage: false },
  { code: 'CUFFIE', description: 'Cuffie', category: 'HI_FI', weight: 25, inHomepage: false },
  {
    code: 'ABBIGLIAMENTO',
    description: 'Abbigliamento',
    category: 'MERCHANDISE',
    weight: 50,
    inHomepage: true,
  },
  { code: 'GADGET', description: 'Gadget', category: 'MERCHANDISE', weight: 30, inHomepage: false },
  { code: 'POSTER', description: 'Poster', category: 'MERCHANDISE', weight: 20, inHomepage: false },
  { code: 'LIBRI', description: 'Libri', category: 'EDITORIA', weight: 65, inHomepage: true },
  { code: 'SPARTITI', description: 'Spartiti', category: 'EDITORIA', weight: 25, inHomepage: false },
  { code: 'SEGNALIBRI', description: 'Segnalibri', category: 'EDITORIA', weight: 10, inHomepage: false },
];

type TagDef = {
  code: string;
  tag: string;
  description: string;
  type: AttributeTagType;
  options?: string[];
  fullTextSearch?: boolean;
  iconUrl?: string;
} & ({ category: CategoryCode } | { subcategory: string });

const notes = (category: CategoryCode): TagDef[] => [
  { category, code: 'NOTE_PRODOTTO', tag: 'Note', description: 'Note sul prodotto (italiano)', type: 'text' },
  {
    category,
    code: 'NOTE_PRODOTTO_EN',
    tag: 'Notes',
    description: 'Note sul prodotto (inglese)',
    type: 'text',
  },
];

const ATTRIBUTE_TAGS: TagDef[] = [
  {
    category: 'MUSICA',
    code: 'AUTORE',
    tag: 'Autore',
    description: 'Artista o autore',
    type: 'text',
    fullTextSearch: true,
  },
  {
    category: 'MUSICA',
    code: 'ETICHETTA',
    tag: 'Etichetta',
    description: 'Etichetta discografica',
    type: 'text',
    fullTextSearch: true,
  },
  {
    category: 'MUSICA',
    code: 'CATALOGO',
    tag: 'Catalogo',
    description: 'Numero di catalogo',
    type: 'text',
    fullTextSearch: true,
  },
  { category: 'MUSICA', code: 'GENERE', tag: 'Genere', description: 'Genere musicale', type: 'text' },
  { category: 'MUSICA', code: 'TRACKLIST', tag: 'Tracklist', description: 'Elenco dei brani', type: 'text' },
  {
    category: 'MUSICA',
    code: 'YOUTUBE',
    tag: 'YouTube',
    description: 'Video su YouTube',
    type: 'iframe',
  },
  {
    category: 'MUSICA',
    code: 'SPOTIFY',
    tag: 'Spotify',
    description: 'Ascolta su Spotify',
    type: 'iframe',
  },
  ...notes('MUSICA'),
  {
    category: 'HOME_VIDEO',
    code: 'AUTORE',
    tag: 'Regia',
    description: 'Regista o artista',
    type: 'text',
    fullTextSearch: true,
  },
  {
    category: 'HOME_VIDEO',
    code: 'ETICHETTA',
    tag: 'Etichetta',
    description: 'Casa di distribuzione',
    type: 'text',
    fullTextSearch: true,
  },
  {
    category: 'HOME_VIDEO',
    code: 'CATALOGO',
    tag: 'Catalogo',
    description: 'Numero di catalogo',
    type: 'text',
    fullTextSearch: true,
  },
  { category: 'HOME_VIDEO', code: 'GENERE', tag: 'Genere', description: 'Genere', type: 'text' },
  ...notes('HOME_VIDEO'),
  {
    category: 'HOME_VIDEO',
    code: 'YOUTUBE',
    tag: 'Trailer',
    description: 'Trailer su YouTube',
    type: 'iframe',
  },
  ...notes('HI_FI'),
  {
    category: 'MERCHANDISE',
    code: 'TAGLIA',
    tag: 'Taglia',
    description: 'Taglia',
    type: 'fixed_list',
    options: ['S', 'M', 'L', 'XL'],
  },
  ...notes('MERCHANDISE'),
  {
    category: 'EDITORIA',
    code: 'AUTORE',
    tag: 'Autore',
    description: 'Autore o curatore',
    type: 'text',
    fullTextSearch: true,
  },
  {
    category: 'EDITORIA',
    code: 'ETICHETTA',
    tag: 'Editore',
    description: 'Casa editrice',
    type: 'text',
    fullTextSearch: true,
  },
  {
    category: 'EDITORIA',
    code: 'CATALOGO',
    tag: 'Codice editore',
    description: "Codice dell'editore",
    type: 'text',
  },
  { category: 'EDITORIA', code: 'GENERE', tag: 'Genere', description: 'Genere', type: 'text' },
  {
    subcategory: 'SPARTITI',
    code: 'COMPOSITORE',
    tag: 'Compositore',
    description: 'Compositore',
    type: 'text',
    fullTextSearch: true,
  },
  ...notes('EDITORIA'),
];

export type BrandKind = 'music' | 'video' | 'hifi' | 'merch' | 'books';
export type BrandDef = {
  code: string;
  name: string;
  kind: BrandKind;
  /** Catalogue-number prefix. */
  prefix: string;
  /** Four digits of the EAN company prefix (after '80') or the ISBN/ISMN publisher code. */
  eanCode: string;
  inHomepage: boolean;
};

const brandList: [string, BrandKind, string, boolean][] = [
  ['Ricordi Sound', 'music', 'RS', true],
  ['Vinile Nero', 'music', 'VN', true],
  ['Aurora Records', 'music', 'AUR', true],
  ['Solco Dischi', 'music', 'SOL', false],
  ['Lanterna Music', 'music', 'LAN', false],
  ['Onda Lunga', 'music', 'OL', true],
  ['Cantiere Sonoro', 'music', 'CSO', false],
  ['Bottega del Suono', 'music', 'BDS', false],
  ['Blue Lagoon Records', 'music', 'BLR', true],
  ['Northern Lights Music', 'music', 'NLM', false],
  ['Red Brick Records', 'music', 'RBR', false],
  ['Moonwalk Recordings', 'music', 'MWR', false],
  ['Sette Note', 'music', 'SN', false],
  ['Arpeggio Classics', 'music', 'ARP', true],
  ['Mezzanotte Jazz', 'music', 'MZJ', true],
  ['Terra Rossa Records', 'music', 'TRR', false],
  ['Cineteca Home Video', 'video', 'CHV', true],
  ["Pellicola d'Oro", 'video', 'PDO', false],
  ['Fotogramma Video', 'video', 'FGV', false],
  ['Schermo Blu', 'video', 'SBL', true],
  ['Moviola Entertainment', 'video', 'MOV', false],
  ['Notturno Film', 'video', 'NTF', false],
  ['Sipario Video', 'video', 'SIP', false],
  ['Grandangolo Edizioni Video', 'video', 'GEV', false],
  ['Orfeo Audio', 'hifi', 'ORF', true],
  ['Lambda Acustica', 'hifi', 'LAM', false],
  ['Giradisco Italia', 'hifi', 'GDI', false],
  ['Nordic Tone', 'hifi', 'NTO', false],
  ['Fedeltà Alta', 'hifi', 'FAL', false],
  ['Vulcano Hi-Fi', 'hifi', 'VUL', false],
  ['Merch Factory Italia', 'merch', 'MFI', false],
  ['Stampa Rock', 'merch', 'STR', false],
  ['Backstage Goods', 'merch', 'BSG', false],
  ['Tour Edition', 'merch', 'TED', false],
  ['Edizioni Pentagramma', 'books', 'PEN', true],
  ['Libreria del Suono', 'books', 'LDS', false],
  ['Armonia Editrice', 'books', 'ARM', false],
  ['Quaderni Musicali', 'books', 'QMU', false],
  ['Edizioni Chiave di Violino', 'books', 'CDV', false],
  ['Fermata Editore', 'books', 'FER', false],
];

export function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const BRANDS: BrandDef[] = brandList.map(([name, kind, prefix, inHomepage], i) => ({
  code: slugify(name),
  name,
  kind,
  prefix,
  eanCode: String(1200 + i * 37).padStart(4, '0'),
  inHomepage,
}));

export const WAREHOUSES = [
  { code: 'MAIN', description: 'Magazzino centrale Milano', managementType: 'standard' },
  { code: 'EXT', description: 'Deposito esterno Bologna', managementType: 'external' },
];

export const CUSTOMER_GROUPS = [
  { code: 'RIVENDITORI', description: 'Rivenditori', externalGroupId: 'G01' },
  { code: 'GDO', description: 'Grande distribuzione organizzata', externalGroupId: 'G02' },
  { code: 'PRIVATI', description: 'Privati', externalGroupId: 'G03' },
];

export type DiscountRuleDef = {
  group: string;
  category: CategoryCode;
  rate: number;
  priority: number;
  blockOthers: boolean;
};

export const DISCOUNT_RULES: DiscountRuleDef[] = [
  { group: 'RIVENDITORI', category: 'MUSICA', rate: 1000, priority: 1, blockOthers: false },
  { group: 'RIVENDITORI', category: 'MUSICA', rate: 500, priority: 2, blockOthers: false },
  { group: 'RIVENDITORI', category: 'HOME_VIDEO', rate: 800, priority: 1, blockOthers: false },
  { group: 'RIVENDITORI', category: 'EDITORIA', rate: 500, priority: 1, blockOthers: false },
  { group: 'GDO', category: 'HI_FI', rate: 1200, priority: 1, blockOthers: true },
];

export type ShippingMethodDef = {
  slug: 'national' | 'international';
  code: string;
  description: string;
  price: number;
  freeShipping: number;
  vatRate: number;
};

export const SHIPPING_METHODS: ShippingMethodDef[] = [
  {
    slug: 'national',
    code: 'IT-STD',
    description: 'Corriere espresso Italia',
    price: 690,
    freeShipping: 15000,
    vatRate: 2200,
  },
  {
    slug: 'international',
    code: 'INT-STD',
    description: 'Corriere internazionale',
    price: 1990,
    freeShipping: 30000,
    vatRate: 2200,
  },
];

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
