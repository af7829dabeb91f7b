/**
 * An owner or manager manages a product's photos in the console (docs/decisions/0032-product-photos.md): the
 * product (named by its code) must be the shop's; an upload is read and resized before the transaction (sharp's
 * work holds no connection), then the photo, its audit entry and the shop's NOTIFY commit together, and this
 * instance drops its cached catalogue answers of the shop at once (the others on the NOTIFY:
 * plugins/shop-changes.ts).
 */
import type { Db, Queryable } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import { shopProductId } from '../../modules/catalog/service.ts';
import {
  addProductPhoto,
  findProductImages,
  photoHash,
  removeProductPhoto,
  renderPhoto,
  reorderProductPhotos,
} from '../../modules/photos/service.ts';
import { notifyShopChanged } from '../../modules/shop/service.ts';
import { notFound } from '../../lib/app-error.ts';

export type PhotoActor = Actor & { shopId: string };
type Deps = { db: Db; forgetShop: (shopId: string) => void };

async function productOf(db: Queryable, shopId: string, code: string): Promise<string> {
  const id = await shopProductId(db, shopId, code);
  if (!id) throw notFound('productNotFound');
  return id;
}

/** Runs `fn` on the product in one transaction with the shop's NOTIFY; then drops this instance's caches. */
async function change<T>(
  deps: Deps,
  actor: PhotoActor,
  code: string,
  fn: (tx: Queryable, productId: string) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    const value = await fn(tx, await productOf(tx, actor.shopId, code));
    await notifyShopChanged(tx, actor.shopId);
    return value;
  });
  deps.forgetShop(actor.shopId);
  return result;
}

export async function listPhotos(db: Queryable, shopId: string, code: string) {
  return { photos: await findProductImages(db, shopId, await productOf(db, shopId, code)) };
}

export async function uploadPhoto(deps: Deps, actor: PhotoActor, code: string, bytes: Buffer) {
  await productOf(deps.db, actor.shopId, code);
  const files = await renderPhoto(bytes);
  const hash = photoHash(actor.shopId, bytes);
  return change(deps, actor, code, async (tx, productId) => {
    const { image, added } = await addProductPhoto(tx, actor.shopId, productId, { hash, files });
    if (added) await recordAudit(tx, actor.shopId, actor, 'photo.added', code, { image: image.id });
    return image;
  });
}

export async function reorderPhotos(deps: Deps, actor: PhotoActor, code: string, ids: string[]) {
  return change(deps, actor, code, async (tx, productId) => {
    const photos = await reorderProductPhotos(tx, actor.shopId, productId, ids);
    await recordAudit(tx, actor.shopId, actor, 'photo.reordered', code, { cover: ids[0]! });
    return { photos };
  });
}

export async function deletePhoto(deps: Deps, actor: PhotoActor, code: string, imageId: string) {
  return change(deps, actor, code, async (tx, productId) => {
    const photos = await removeProductPhoto(tx, actor.shopId, productId, imageId);
    await recordAudit(tx, actor.shopId, actor, 'photo.deleted', code, { image: imageId });
    return { photos };
  });
}
