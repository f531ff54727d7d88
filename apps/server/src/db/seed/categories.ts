import type { AttributeTagType, CategoryCode } from '@shop/domain';

/** The catalogue's structure (DESIGN §10): categories, subcategories and the attribute tags per category. */

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

export const ATTRIBUTE_TAGS: TagDef[] = [
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
