/**
 * An owner or manager manages a product's photos in the console (docs/decisions/0032-product-photos.md): the
 * product must be the shop's; an upload is read and resized before the transaction (sharp's work holds no
 * connection), then the photo, its audit entry and the shop's NOTIFY commit together, and this instance drops its
 * cached catalogue answers of the shop at once (the others on the NOTIFY: plugins/shop-changes.ts).
 */
import type { Db, Queryable } from '../db/client.ts';
import { recordAudit, type Actor } from '../modules/audit/service.ts';
import { isShopProduct } from '../modules/catalog/service.ts';
import {
  addProductPhoto,
  findProductImages,
  photoHash,
  removeProductPhoto,
  renderPhoto,
  reorderProductPhotos,
} from '../modules/photos/service.ts';
import { notifyShopChanged } from '../modules/shop/service.ts';
import { notFound } from '../lib/app-error.ts';

export type PhotoActor = Actor & { shopId: string };
type Deps = { db: Db; forgetShop: (shopId: string) => void };

async function ownProduct(db: Queryable, shopId: string, productId: string) {
  if (!(await isShopProduct(db, shopId, productId))) throw notFound('productNotFound');
}

async function change<T>(deps: Deps, actor: PhotoActor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    const value = await fn(tx);
    await notifyShopChanged(tx, actor.shopId);
    return value;
  });
  deps.forgetShop(actor.shopId);
  return result;
}

export async function listPhotos(db: Queryable, shopId: string, productId: string) {
  await ownProduct(db, shopId, productId);
  return { photos: await findProductImages(db, shopId, productId) };
}

export async function uploadPhoto(deps: Deps, actor: PhotoActor, productId: string, bytes: Buffer) {
  await ownProduct(deps.db, actor.shopId, productId);
  const files = await renderPhoto(bytes);
  const hash = photoHash(actor.shopId, bytes);
  return change(deps, actor, async (tx) => {
    await ownProduct(tx, actor.shopId, productId);
    const { image, added } = await addProductPhoto(tx, actor.shopId, productId, { hash, files });
    if (added) await recordAudit(tx, actor.shopId, actor, 'photo.added', productId, { image: image.id });
    return image;
  });
}

export async function reorderPhotos(deps: Deps, actor: PhotoActor, productId: string, ids: string[]) {
  return change(deps, actor, async (tx) => {
    await ownProduct(tx, actor.shopId, productId);
    const photos = await reorderProductPhotos(tx, actor.shopId, productId, ids);
    await recordAudit(tx, actor.shopId, actor, 'photo.reordered', productId, { cover: ids[0]! });
    return { photos };
  });
}

export async function deletePhoto(deps: Deps, actor: PhotoActor, productId: string, imageId: string) {
  return change(deps, actor, async (tx) => {
    await ownProduct(tx, actor.shopId, productId);
    const photos = await removeProductPhoto(tx, actor.shopId, productId, imageId);
    await recordAudit(tx, actor.shopId, actor, 'photo.deleted', productId, { image: imageId });
    return { photos };
  });
}
