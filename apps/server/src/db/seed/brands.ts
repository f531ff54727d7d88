/** The demo brands (labels, studios, makers, publishers) with their catalogue and EAN/ISBN prefixes. */

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
