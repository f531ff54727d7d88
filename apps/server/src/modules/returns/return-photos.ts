import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RETURN_PHOTO_MAX_BYTES, returnMessages } from '@shop/domain';
import sharp from 'sharp';
import { ValidationError } from '../../lib/errors';

/**
 * A return's photos (issue 21 point 5): JPEG or PNG by their decoded content, at most 5 MB, re-encoded
 * as JPEG (which drops their metadata: the place and the camera a phone records) and stored under
 * DATA_DIR/returns/<return id>/ with a random name. Only staff read them back.
 */

const ACCEPTED_FORMATS = new Set(['jpeg', 'png']);
const MAX_SIDE = 2000;
/** Decompression bombs stop here: 40 megapixels is beyond any phone photo. */
const MAX_INPUT_PIXELS = 40_000_000;
export const PHOTO_NAME = /^[a-f0-9]{24}\.jpg$/;

export const photoRefused = () => ValidationError.field('photos', returnMessages.photoRefused);

/** The photo as stored: decoded whole (a corrupt file fails), turned upright, fit to 2000 px, JPEG. */
export async function processPhoto(content: Buffer): Promise<Buffer> {
  if (content.length > RETURN_PHOTO_MAX_BYTES) throw photoRefused();
  try {
    const input = sharp(content, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await input.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw photoRefused();
    return await input
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw photoRefused();
  }
}

const folderOf = (dataDir: string, returnId: number) => path.join(dataDir, 'returns', String(returnId));

/** Writes the photos under new names; nothing stays behind if one fails. Answers the names. */
export async function storePhotos(dataDir: string, returnId: number, photos: Buffer[]): Promise<string[]> {
  const folder = folderOf(dataDir, returnId);
  await mkdir(folder, { recursive: true });
  const names: string[] = [];
  try {
    for (const photo of photos) {
      const name = `${randomBytes(12).toString('hex')}.jpg`;
      await writeFile(path.join(folder, name), photo, { flag: 'wx' });
      names.push(name);
    }
  } catch (error) {
    await removePhotos(dataDir, returnId, names);
    throw error;
  }
  return names;
}

export async function removePhotos(dataDir: string, returnId: number, names: string[]): Promise<void> {
  for (const name of names.filter((n) => PHOTO_NAME.test(n)))
    await rm(path.join(folderOf(dataDir, returnId), name), { force: true });
}

/** A stored photo's bytes; the caller has checked the name is one of the return's. */
export function readPhoto(dataDir: string, returnId: number, name: string): Promise<Buffer> {
  return readFile(path.join(folderOf(dataDir, returnId), name));
}
