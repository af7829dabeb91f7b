/**
 * An owner or manager edits the catalogue in the console (decision 0031): each change and its audit entry commit
 * together with a NOTIFY on the shop's changes channel, so every instance drops its cached catalogue answers,
 * first views and cart products of the shop at once (plugins/shop-changes.ts); this instance drops them after
 * its commit. Without LISTEN, the bound is CATALOG_CACHE_SECONDS.
 */
import type {
  BulkEditBody,
  CategoryPlaceBody,
  CategoryUpdateBody,
} from '@vitrine/contracts/console-catalog-api';
import type { ProductInput } from '@vitrine/contracts/console-catalog';
import type { Db, Queryable } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  createCategory,
  placeCategory,
  updateCategory,
  bulkEditProducts,
  saveProductIn,
  searchIndexesChanged,
  type SaveMode,
} from '../../modules/catalog/service.ts';
import { notifyShopChanged } from '../../modules/shop/service.ts';

export type CatalogActor = Actor & { shopId: string };
export type CatalogDeps = { db: Db; forgetShop: (shopId: string) => void };
type Deps = CatalogDeps;

/** Runs `write` with the NOTIFY that drops every instance's cached answers of the shop (the collections' flow too). */
export async function change<T>(
  deps: Deps,
  actor: CatalogActor,
  write: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction(async (tx) => {
    const value = await write(tx);
    await notifyShopChanged(tx, actor.shopId);
    return value;
  });
  // Searches read the index entries a change queued until they are merged: the flusher merges them shortly
  // (decisions 0067, 0072).
  searchIndexesChanged(deps.db);
  deps.forgetShop(actor.shopId);
  return result;
}

export function saveConsoleProduct(deps: Deps, actor: CatalogActor, input: ProductInput, mode: SaveMode) {
  return change(deps, actor, async (tx) => {
    const saved = await saveProductIn(tx, actor.shopId, input, mode);
    if (saved.changes.length > 0)
      await recordAudit(
        tx,
        actor.shopId,
        actor,
        mode === 'create' ? 'product.created' : 'product.changed',
        saved.code,
        {
          changes: saved.changes,
        },
      );
    return saved;
  });
}

export function bulkEditConsoleProducts(deps: Deps, actor: CatalogActor, body: BulkEditBody) {
  return change(deps, actor, async (tx) => {
    const result = await bulkEditProducts(tx, actor.shopId, body.codes, body.action);
    await recordAudit(tx, actor.shopId, actor, 'products.bulk', null, {
      ...body.action,
      ...result,
      codes: body.codes.slice(0, 50),
    });
    return result;
  });
}

export function createConsoleCategory(
  deps: Deps,
  actor: CatalogActor,
  name: string,
  parentCode: string | null,
) {
  return change(deps, actor, async (tx) => {
    const code = await createCategory(tx, actor.shopId, name, parentCode);
    await recordAudit(tx, actor.shopId, actor, 'category.created', code, { name, parentCode });
    return { code };
  });
}

export function updateConsoleCategory(
  deps: Deps,
  actor: CatalogActor,
  code: string,
  body: CategoryUpdateBody,
) {
  return change(deps, actor, async (tx) => {
    if (await updateCategory(tx, actor.shopId, code, body))
      await recordAudit(tx, actor.shopId, actor, 'category.changed', code, body);
    return { code };
  });
}

export function placeConsoleCategory(deps: Deps, actor: CatalogActor, code: string, body: CategoryPlaceBody) {
  return change(deps, actor, async (tx) => {
    await placeCategory(tx, actor.shopId, code, body.parentCode, body.position);
    await recordAudit(tx, actor.shopId, actor, 'category.moved', code, body);
    return { code };
  });
}
