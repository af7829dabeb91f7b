/**
 * Product photos, the module's face (docs/decisions/0032-product-photos.md): add an upload to a product, list,
 * reorder (the first is the cover), delete, and read a stored file by its public name. The caller checks that the
 * product is the shop's (flows/catalog/photos.ts) and runs the writes in its transaction.
 */
import { PHOTO_MAIN_WIDTH, PHOTO_MAX_PER_PRODUCT, PHOTO_WIDTHS } from '@vitrine/contracts/photo-urls';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import {
  deleteProductImage,
  deleteUnusedPhotoFiles,
  findPhotoFile,
  findImagesOfProducts,
  findProductImages,
  insertPhotoFiles,
  insertProductImage,
  rewriteImageLists,
  setImagePositions,
  type ImageRow,
} from './repository.ts';
import { renderPreview, type PhotoFile } from './resize.ts';

export {
  renderPhoto,
  renderPreview,
  photoHash,
  PREVIEW_HEIGHT,
  PREVIEW_MAX_BYTES,
  PREVIEW_WIDTH,
  type PhotoFile,
} from './resize.ts';
export { findProductImages, findImagesOfProducts } from './repository.ts';

const FILE = /^([0-9a-f]{32})-(\d{3,4})\.(webp|jpg)$/;
const OWN_URL = /^\/media\/photos\/([0-9a-f]{32})-\d{3,4}\.jpg$/;

export const photoUrl = (hash: string) => `/media/photos/${hash}-${PHOTO_MAIN_WIDTH}.jpg`;

/**
 * Adds the rendered photo to the product, after its other images; the same bytes already on the product answer
 * that image again (an upload retried, an import run twice).
 */
export async function addProductPhoto(
  tx: Queryable,
  shopId: string,
  productId: string,
  upload: { hash: string; files: PhotoFile[] },
): Promise<{ image: ImageRow; added: boolean }> {
  const images = await findProductImages(tx, shopId, productId);
  const url = photoUrl(upload.hash);
  const same = images.find((image) => image.url === url);
  if (same) return { image: same, added: false };
  if (images.length >= PHOTO_MAX_PER_PRODUCT)
    throw new AppError('conflict', 'photoLimit', { max: PHOTO_MAX_PER_PRODUCT });
  await insertPhotoFiles(tx, shopId, upload.hash, upload.files);
  const image = await insertProductImage(tx, { id: newId('img'), shopId, productId, url });
  return { image, added: true };
}

/**
 * The product's image addresses once `wanted` (a spreadsheet's list, cover first) is applied: the addresses named,
 * in their order, then the uploaded photos it does not name, as they were. An uploaded photo's address must be
 * one of the product's own.
 */
export function imagesAfter(current: { url: string }[], wanted: string[]): string[] {
  const urls = new Set(current.map((image) => image.url));
  const unknown = wanted.find((url) => OWN_URL.test(url) && !urls.has(url));
  if (unknown)
    throw new AppError(
      'validation',
      'photoNotFound',
      {},
      `A foto ${unknown} não é deste produto: envie-a no editor do produto ou informe o endereço https da imagem.`,
    );
  const named = new Set(wanted);
  const after = [
    ...wanted,
    ...current.map((i) => i.url).filter((url) => OWN_URL.test(url) && !named.has(url)),
  ];
  if (after.length > PHOTO_MAX_PER_PRODUCT)
    throw new AppError('conflict', 'photoLimit', { max: PHOTO_MAX_PER_PRODUCT });
  return after;
}

/**
 * Applies spreadsheet image lists to their products (see `imagesAfter`) in a few statements whatever their number:
 * the images by URL a list no longer names are removed, the new ones added, and all put in order; uploaded photos
 * stay. Answers the products it changed — a product already showing exactly its list, in order, is not written.
 */
export async function setProductImageUrls(
  tx: Queryable,
  shopId: string,
  lists: { productId: string; urls: string[] }[],
): Promise<Set<string>> {
  const changed = new Set<string>();
  if (lists.length === 0) return changed;
  const stored = await findImagesOfProducts(
    tx,
    shopId,
    lists.map((l) => l.productId),
  );
  const change: Parameters<typeof rewriteImageLists>[2] = { drop: [], add: [], place: [] };
  for (const { productId, urls } of lists) {
    const current = stored.get(productId) ?? [];
    const after = imagesAfter(current, urls);
    if (after.join('\n') === current.map((image) => image.url).join('\n')) continue;
    changed.add(productId);
    const kept = new Map<string, string>();
    for (const image of current)
      if (after.includes(image.url) && !kept.has(image.url)) kept.set(image.url, image.id);
      else change.drop.push(image.id);
    after.forEach((url, position) => {
      const id = kept.get(url);
      if (id) change.place.push({ id, position });
      else change.add.push({ id: newId('img'), productId, url, position });
    });
  }
  await rewriteImageLists(tx, shopId, change);
  return changed;
}

/** Puts the product's images in the order of `ids` (each exactly once); the first becomes the cover. */
export async function reorderProductPhotos(tx: Queryable, shopId: string, productId: string, ids: string[]) {
  const images = await findProductImages(tx, shopId, productId);
  const known = new Set(images.map((image) => image.id));
  if (ids.length !== known.size || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id)))
    throw new AppError('validation', 'photoOrderInvalid');
  await setImagePositions(tx, shopId, productId, ids);
  return findProductImages(tx, shopId, productId);
}

/** Removes one image of the product (the next becomes the cover) and its files once nothing shows them. */
export async function removeProductPhoto(tx: Queryable, shopId: string, productId: string, imageId: string) {
  const removed = await deleteProductImage(tx, shopId, productId, imageId);
  if (!removed) throw new AppError('notFound', 'photoNotFound');
  const hash = OWN_URL.exec(removed.url)?.[1];
  if (hash) await deleteUnusedPhotoFiles(tx, shopId, hash, removed.url);
  const rest = await findProductImages(tx, shopId, productId);
  await setImagePositions(
    tx,
    shopId,
    productId,
    rest.map((image) => image.id),
  );
  return findProductImages(tx, shopId, productId);
}

/** A stored file by its public name `<hash>-<width>.<webp|jpg>`, or null. */
export async function photoFileOf(db: Queryable, file: string) {
  const match = FILE.exec(file);
  if (!match) return null;
  const format = match[3] === 'webp' ? 'webp' : 'jpeg';
  const bytes = await findPhotoFile(db, match[1]!, Number(match[2]), format);
  return bytes ? { bytes, contentType: format === 'webp' ? 'image/webp' : 'image/jpeg' } : null;
}
export { photoTooLarge } from './resize.ts';

/**
 * The link preview JPEG (1200×630, decision 0054) of an uploaded photo named by its hash, from its largest stored
 * JPEG; null when no such photo is stored.
 */
export async function photoPreviewOf(db: Queryable, hash: string): Promise<Buffer | null> {
  if (!/^[0-9a-f]{32}$/.test(hash)) return null;
  for (const width of [...PHOTO_WIDTHS].reverse()) {
    const bytes = await findPhotoFile(db, hash, width, 'jpeg');
    if (bytes) return renderPreview(bytes, { fit: 'photo', background: '#ffffff' });
  }
  return null;
}
