import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@shop/domain';
import sharp from 'sharp';
import { ValidationError } from '../../lib/errors';

/**
 * Uploaded images (issue 3, DESIGN §2 'real image decoding rejects non-images'): JPEG, PNG or WebP by
 * their decoded content (never the name or the declared type), at most 10 MB, stored under
 * DATA_DIR/uploads/images as WebP resized to fit 1600 px, with a 320 px thumbnail.
 */

export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
const MAX_SIDE = 1600;
const THUMB_SIDE = 320;
/** Decompression bombs stop here: 40 megapixels is beyond any product photo. */
const MAX_INPUT_PIXELS = 40_000_000;

export const uploadRefused = () => ValidationError.field('file', messages.imageUploadError);

export type ProcessedImage = { main: Buffer; thumb: Buffer; width: number; height: number };

/**
 * Decodes the whole image (a truncated or corrupt file fails here, not only its header) and renders
 * the stored sizes. Anything else than a sound JPEG, PNG or WebP is refused with 'Error during image
 * upload'.
 */
export async function processImage(content: Buffer): Promise<ProcessedImage> {
  try {
    const input = sharp(content, { failOn: 'warning', limitInputPixels: MAX_INPUT_PIXELS });
    const { format } = await input.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw uploadRefused();
    const resize = (side: number) =>
      input
        .clone()
        .rotate()
        .resize(side, side, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 });
    const main = await resize(MAX_SIDE).toBuffer({ resolveWithObject: true });
    const thumb = await resize(THUMB_SIDE).toBuffer();
    return { main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch {
    throw uploadRefused();
  }
}

export type StoredImage = {
  /** Relative to DATA_DIR/uploads, as `images.path` keeps it. */
  path: string;
  thumbPath: string;
  mimeType: 'image/webp';
  width: number;
  height: number;
};

/** Writes an image and its thumbnail under a random name; nothing stays behind if either fails. */
export async function storeImage(dataDir: string, image: ProcessedImage, now: Date): Promise<StoredImage> {
  const folder = `images/${now.toISOString().slice(0, 7).replace('-', '/')}`;
  const name = randomBytes(12).toString('hex');
  const stored: StoredImage = {
    path: `${folder}/${name}.webp`,
    thumbPath: `${folder}/${name}-thumb.webp`,
    mimeType: 'image/webp',
    width: image.width,
    height: image.height,
  };
  await mkdir(path.join(dataDir, 'uploads', folder), { recursive: true });
  try {
    await writeFile(path.join(dataDir, 'uploads', stored.path), image.main, { flag: 'wx' });
    await writeFile(path.join(dataDir, 'uploads', stored.thumbPath), image.thumb, { flag: 'wx' });
  } catch (error) {
    await removeImageFiles(dataDir, [stored]);
    throw error;
  }
  return stored;
}

/** Deletes stored files (missing ones are fine): after a failed write, or a deleted image. */
export async function removeImageFiles(
  dataDir: string,
  images: { path: string; thumbPath: string | null }[],
) {
  const root = path.join(dataDir, 'uploads');
  for (const image of images) {
    for (const file of [image.path, image.thumbPath]) {
      // Only files under uploads/images are ours to delete (demo covers live elsewhere).
      if (file?.startsWith('images/') && !file.includes('..'))
        await rm(path.join(root, file), { force: true });
    }
  }
}
