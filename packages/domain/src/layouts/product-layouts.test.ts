import { describe, expect, it } from 'vitest';
import { CATEGORY_CODES } from '../constants';
import { FACET_FIELDS } from '../schemas/catalog';
import {
  CARD_FIELDS,
  FIELD_LABELS,
  type LayoutField,
  type LayoutTab,
  layoutFieldValue,
  productLayout,
  productNotes,
  tracklistLines,
} from './product-layouts';

const labels = (fields: readonly LayoutField[]) => fields.map((f) => f.label);
const tabIds = (tabs: readonly LayoutTab[]) => tabs.map((t) => t.id);
const notesTab = productLayout('MUSICA').tabs.find((t) => t.id === 'notes') as Extract<
  LayoutTab,
  { id: 'notes' }
>;

describe('product layouts per category (SPEC §3, DESIGN §7)', () => {
  it('has a layout of its own for each of the five categories and a default for anything else', () => {
    for (const code of CATEGORY_CODES) expect(productLayout(code).key).toBe(code);
    expect(productLayout(null).key).toBe('DEFAULT');
    expect(productLayout(undefined).key).toBe('DEFAULT');
    expect(productLayout('POSTER_SHOP').key).toBe('DEFAULT');
  });

  it('shows author, label, support, genre, catalogue no. and release date for music, with tracklist, notes and media tabs', () => {
    const music = productLayout('MUSICA');
    expect(labels(music.info)).toEqual([
      'author',
      'label',
      'support',
      'genre',
      'catalogue_no',
      'release_date',
    ]);
    expect(tabIds(music.tabs)).toEqual(['notes', 'tracklist', 'media', 'details']);
    expect(music.tabs.find((t) => t.id === 'media')).toEqual({
      id: 'media',
      attributes: ['SPOTIFY', 'YOUTUBE'],
    });
    expect(labels(music.card)).toEqual(['author', 'label', 'support']);
  });

  it('calls the home-video author the director, and the artist on music DVDs and Blu-rays', () => {
    expect(labels(productLayout('HOME_VIDEO', 'DVD').info).slice(0, 4)).toEqual([
      'director',
      'label',
      'support',
      'genre',
    ]);
    expect(productLayout('HOME_VIDEO', 'BLU_RAY_MUSICALI').info[0]?.label).toBe('artist');
    expect(productLayout('HOME_VIDEO', 'DVD_MUSICALI').card[0]?.label).toBe('artist');
    expect(tabIds(productLayout('HOME_VIDEO').tabs)).toContain('media');
  });

  it('shows author, composer and ISBN for publishing, brand with dimensions and weight for hi-fi', () => {
    expect(labels(productLayout('EDITORIA').info)).toEqual(
      expect.arrayContaining(['author', 'composer', 'publisher', 'isbn']),
    );
    expect(labels(productLayout('HI_FI').info)).toEqual(['brand', 'type', 'dimensions', 'weight']);
    expect(tabIds(productLayout('HI_FI').tabs)).not.toContain('tracklist');
  });

  it('picks merchandise variants by size (TAGLIA), others by their value', () => {
    expect(productLayout('MERCHANDISE').variants).toEqual({ label: 'size', attribute: 'TAGLIA' });
    expect(productLayout('MUSICA').variants).toEqual({ label: 'variant', attribute: null });
  });

  it('gives the default layout the description tab first', () => {
    expect(tabIds(productLayout(null).tabs)).toEqual(['description', 'notes', 'details']);
  });

  it('builds cards only from fields of the list payload, and links filters only to real facets', () => {
    for (const key of [...CATEGORY_CODES, null]) {
      const layout = productLayout(key);
      for (const cardField of layout.card) {
        for (const source of cardField.from) {
          expect('field' in source && (CARD_FIELDS as readonly string[]).includes(source.field)).toBe(true);
        }
      }
      const all = [
        ...layout.card,
        ...layout.info,
        ...layout.tabs.flatMap((t) => (t.id === 'details' ? t.fields : [])),
      ];
      for (const f of all) {
        expect(FIELD_LABELS).toContain(f.label);
        if (f.filter) expect(FACET_FIELDS).toContain(f.filter);
      }
    }
  });
});

describe('layoutFieldValue', () => {
  const cd = {
    sku: 'MU000001',
    author: 'Lucio Dalla',
    label: '',
    support: 'CD',
    release_date: '2026-03-14',
    catalogue_no: null,
    brand: { code: 'SONORA', description: 'Sonora Records', logo_url: null },
    attributes: { ETICHETTA: 'Dischi Sonori', CATALOGO: 'SON-123', AUTORE: 'Someone else' },
  };
  const music = productLayout('MUSICA');
  const info = (label: string) => music.info.find((f) => f.label === label)!;

  it.each([
    ['author', { kind: 'text', text: 'Lucio Dalla' }], // the field wins over the attribute
    ['label', { kind: 'text', text: 'Dischi Sonori' }], // empty field → the attribute
    ['catalogue_no', { kind: 'text', text: 'SON-123' }],
    ['release_date', { kind: 'date', date: '2026-03-14' }],
    ['genre', null], // neither present → not shown
  ])('reads %s', (label, expected) => {
    expect(layoutFieldValue(cd, info(label))).toEqual(expected);
  });

  it('reads the brand description and the measures of a hi-fi product', () => {
    const turntable = {
      label: null,
      brand: { code: 'PJ', description: 'Pro-Ject', logo_url: null },
      width: 450,
      height: 140,
      depth: 360,
      weight: 6500,
    };
    const hifi = productLayout('HI_FI').info;
    expect(layoutFieldValue(turntable, hifi[0]!)).toEqual({ kind: 'text', text: 'Pro-Ject' });
    expect(layoutFieldValue(turntable, hifi[2]!)).toEqual({
      kind: 'dimensions',
      width: 450,
      height: 140,
      depth: 360,
    });
    expect(layoutFieldValue(turntable, hifi[3]!)).toEqual({ kind: 'weight', grams: 6500 });
    expect(layoutFieldValue({ width: 450, height: 0, depth: 360 }, hifi[2]!)).toBeNull();
    expect(layoutFieldValue({}, hifi[3]!)).toBeNull();
  });
});

describe('productNotes', () => {
  const both = { NOTE_PRODOTTO: 'Nota in italiano', NOTE_PRODOTTO_EN: 'English note' };

  it.each([
    [both, 'it', 'Nota in italiano'],
    [both, 'en', 'English note'],
    [{ NOTE_PRODOTTO: 'Solo italiano' }, 'en', 'Solo italiano'],
    [{ NOTE_PRODOTTO_EN: 'Only English', NOTE_PRODOTTO: '  ' }, 'it', 'Only English'],
    [{}, 'it', null],
    [undefined, 'en', null],
  ] as const)('%j in %s → %s', (attributes, language, expected) => {
    expect(productNotes(attributes, notesTab, language)).toBe(expected);
  });
});

describe('tracklistLines', () => {
  it('splits on newlines and drops blank lines', () => {
    expect(tracklistLines('1. Alba\r\n2. Mare\n\n  3. Notte  \n')).toEqual([
      '1. Alba',
      '2. Mare',
      '3. Notte',
    ]);
    expect(tracklistLines(null)).toEqual([]);
    expect(tracklistLines('')).toEqual([]);
  });
});
