import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProductSeed } from './catalog';
import { hashString } from './random';

/** Generated SVG covers for the demo products (no remote images). */

export const COVER_SIZE = 600;

export function coverPath(sku: string): string {
  return `covers/${sku}.svg`;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1]!.replace(/\s+\S*$/, '')}…`;
  }
  return lines;
}

/** A 600×600 cover: a two-colour gradient from the SKU, a motif per category, title and author. */
export function coverSvg(seed: ProductSeed): string {
  const h = hashString(seed.sku);
  const hue1 = h % 360;
  const hue2 = (hue1 + 40 + ((h >>> 9) % 100)) % 360;
  const c1 = `hsl(${hue1}, 55%, 32%)`;
  const c2 = `hsl(${hue2}, 60%, 18%)`;
  const accent = `hsl(${(hue1 + 180) % 360}, 70%, 70%)`;
  const title = wrap(seed.title, 22, 3);
  const titleY = 345;
  const motif =
    seed.category === 'MUSICA'
      ? `<circle cx="300" cy="165" r="115" fill="#111" fill-opacity="0.55"/><circle cx="300" cy="165" r="86" fill="none" stroke="#fff" stroke-opacity="0.08" stroke-width="14"/><circle cx="300" cy="165" r="32" fill="${accent}" fill-opacity="0.9"/><circle cx="300" cy="165" r="5" fill="#111"/>`
      : seed.category === 'HOME_VIDEO'
        ? `<rect x="170" y="70" width="260" height="190" rx="14" fill="#000" fill-opacity="0.4"/><path d="M275 125 L345 165 L275 205 Z" fill="${accent}" fill-opacity="0.9"/>`
        : seed.category === 'EDITORIA'
          ? `<rect x="215" y="55" width="170" height="220" rx="6" fill="#000" fill-opacity="0.35"/><rect x="235" y="85" width="130" height="8" fill="${accent}"/><rect x="235" y="105" width="90" height="8" fill="${accent}" fill-opacity="0.6"/>`
          : `<circle cx="300" cy="165" r="105" fill="${accent}" fill-opacity="0.25"/><circle cx="300" cy="165" r="58" fill="${accent}" fill-opacity="0.5"/>`;
  const lines = title
    .map(
      (line, i) =>
        `<text x="300" y="${titleY + i * 44}" text-anchor="middle" font-size="36" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  const author = seed.author
    ? `<text x="300" y="${titleY + (title.length - 1) * 44 + 50}" text-anchor="middle" font-size="26" fill="#fff" fill-opacity="0.85">${escapeXml(wrap(seed.author, 34, 1)[0]!)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 600 600" font-family="Helvetica, Arial, sans-serif">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#g)"/>
${motif}
${lines}
${author}
<text x="40" y="560" font-size="20" fill="#fff" fill-opacity="0.7">${escapeXml(seed.brand.name)}</text>
<text x="560" y="560" text-anchor="end" font-size="20" font-weight="700" fill="${accent}">${escapeXml(seed.support)}</text>
</svg>
`;
}

/** Writes the covers under `<uploadsDir>/covers/`, at most `concurrency` files at a time. */
export async function writeCovers(
  uploadsDir: string,
  seeds: readonly ProductSeed[],
  concurrency = 16,
): Promise<number> {
  const dir = path.join(uploadsDir, 'covers');
  await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < seeds.length) {
      const seed = seeds[next++]!;
      await writeFile(path.join(uploadsDir, coverPath(seed.sku)), coverSvg(seed));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, seeds.length) }, worker));
  return seeds.length;
}
