import type { ProductSeed } from './catalog';
import { Rng } from './random';
import * as W from './words';

/** The texts of a demo product: its canned notes and its product_attributes (tracklist, embeds…). */

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
