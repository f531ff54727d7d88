import { messages, type ProductImage, type UploadedImage } from '@shop/domain';
import type { images } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { inTransaction } from '../../lib/transaction';
import { uploadUrl } from '../products/product-cards.service';
import {
  type ProcessedImage,
  processImage,
  removeImageFiles,
  type StoredImage,
  storeImage,
} from './image-files';
import * as q from './images.queries';

/**
 * POST /api/images/upload and the images tab of a product (SPEC §2): upload several, choose the
 * cover, reorder, delete. Every file is decoded before anything is stored: one bad file refuses the
 * whole upload with 'Error during image upload' and leaves nothing behind.
 */

type Writer = Pick<Ctx, 'db' | 'config' | 'now'>;

const toProductImage = (i: typeof images.$inferSelect): ProductImage => ({
  id: i.id,
  url: uploadUrl(i.path)!,
  thumb_url: uploadUrl(i.thumbPath),
  mime_type: i.mimeType,
  width: i.width,
  height: i.height,
  position: i.position,
  is_cover: i.isCover,
});

/** POST /api/images/upload: one image stored on its own (a brand's logo sends back its url). */
export async function uploadImage(ctx: Writer, content: Buffer): Promise<UploadedImage> {
  const stored = await storeImage(ctx.config.dataDir, await processImage(content), ctx.now());
  return {
    path: stored.path,
    url: uploadUrl(stored.path)!,
    thumb_path: stored.thumbPath,
    thumb_url: uploadUrl(stored.thumbPath)!,
    mime_type: stored.mimeType,
    width: stored.width,
    height: stored.height,
  };
}

export async function listProductImages(ctx: Pick<Ctx, 'db'>, productId: number): Promise<ProductImage[]> {
  if (!(await q.productExists(ctx.db, productId))) throw new NotFoundError();
  return (await q.listImages(ctx.db, productId)).map(toProductImage);
}

/** Adds the files after the product's images; the first image a product gets is its cover. */
export async function addProductImages(
  ctx: Writer,
  productId: number,
  files: Buffer[],
): Promise<ProductImage[]> {
  if (!(await q.productExists(ctx.db, productId))) throw new NotFoundError();
  if (files.length === 0) throw ValidationError.field('file', messages.imageUploadError);
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file));
  const stored: StoredImage[] = [];
  try {
    for (const image of processed) stored.push(await storeImage(ctx.config.dataDir, image, ctx.now()));
    await inTransaction(ctx, async (tx) => {
      const existing = await q.listImages(tx.db, productId);
      const next = existing.reduce((max, i) => Math.max(max, i.position + 1), 0);
      const hasCover = existing.some((i) => i.isCover);
      await q.insertImages(
        tx.db,
        stored.map((s, i) => ({ productId, ...s, position: next + i, isCover: !hasCover && i === 0 })),
      );
    });
  } catch (error) {
    await removeImageFiles(ctx.config.dataDir, stored);
    throw error;
  }
  return listProductImages(ctx, productId);
}

/** PUT /api/products/{id}/images/order: every image id of the product, each once. */
export async function reorderProductImages(
  ctx: Writer,
  productId: number,
  ids: number[],
): Promise<ProductImage[]> {
  await inTransaction(ctx, async (tx) => {
    if (!(await q.productExists(tx.db, productId))) throw new NotFoundError();
    const current = (await q.listImages(tx.db, productId)).map((i) => i.id).sort((a, b) => a - b);
    const sent = [...ids].sort((a, b) => a - b);
    if (current.length !== sent.length || current.some((id, i) => id !== sent[i])) {
      throw ValidationError.field('ids', messages.invalidValue);
    }
    await q.reorder(tx.db, productId, ids);
  });
  return listProductImages(ctx, productId);
}

export async function setProductCover(
  ctx: Writer,
  productId: number,
  imageId: number,
): Promise<ProductImage[]> {
  await inTransaction(ctx, async (tx) => {
    const found = (await q.listImages(tx.db, productId)).some((i) => i.id === imageId);
    if (!found) throw new NotFoundError();
    await q.setCover(tx.db, productId, imageId);
  });
  return listProductImages(ctx, productId);
}

/** Deletes the image and its files; when it was the cover, the first remaining image becomes it. */
export async function deleteProductImage(
  ctx: Writer,
  productId: number,
  imageId: number,
): Promise<ProductImage[]> {
  const deleted = await inTransaction(ctx, async (tx) => {
    const image = await q.deleteImage(tx.db, productId, imageId);
    if (!image) throw new NotFoundError();
    const [first] = await q.listImages(tx.db, productId);
    if (image.isCover && first) await q.setCover(tx.db, productId, first.id);
    return image;
  });
  await removeImageFiles(ctx.config.dataDir, [deleted]);
  return listProductImages(ctx, productId);
}
