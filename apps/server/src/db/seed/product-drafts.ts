import type { BrandDef } from './brands';
import type { ProductSeed } from './catalog';
import type { Rng } from './random';
import * as W from './words';

/**
 * The category-specific part of a demo product: title, author, genre and support drafted per category
 * and subcategory, plus price ranges and package dimensions per support.
 */

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

export function priceFor(rng: Rng, support: string): number {
  const [lo, hi] = PRICE_RANGES[support]!;
  if (lo % 1000 === 900) return rng.int(Math.floor(lo / 1000), Math.floor(hi / 1000)) * 1000 + 900;
  if (lo % 100 === 0) return rng.int(lo / 100, hi / 100) * 100;
  if (lo % 100 === 90) return rng.int(Math.floor(lo / 100), Math.floor(hi / 100)) * 100 + 90;
  return rng.int(lo / 10, hi / 10) * 10;
}

export const DIMS: Record<string, { width: number; height: number; depth: number; weight: number }> = {
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

export type Draft = Pick<
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

export function draftMusic(rng: Rng, sub: string): Draft {
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

export function draftVideo(rng: Rng, sub: string): Draft {
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

export function draftHifi(rng: Rng, sub: string, brand: BrandDef): Draft {
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

export function draftMerch(rng: Rng, sub: string): Draft {
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

export function draftBook(rng: Rng, sub: string): Draft {
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
