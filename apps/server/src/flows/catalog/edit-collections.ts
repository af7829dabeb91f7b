/**
 * An owner or manager edits the shop's collections in the console (decision 0031, "Editor and collections"):
 * each change and its audit entry commit together with the NOTIFY that makes every instance drop its cached
 * catalogue answers of the shop, so a storefront tab shows the new list on the next request.
 */
import type { CollectionProductsBody } from '@vitrine/contracts/console-collections';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  createCollection,
  deleteCollection,
  placeCollection,
  renameCollection,
  setCollectionProducts,
} from '../../modules/catalog/service.ts';
import { change, type CatalogActor, type CatalogDeps } from './edit.ts';

export function createConsoleCollection(deps: CatalogDeps, actor: CatalogActor, name: string) {
  return change(deps, actor, async (tx) => {
    const code = await createCollection(tx, actor.shopId, name);
    await recordAudit(tx, actor.shopId, actor, 'collection.created', code, { name });
    return { code };
  });
}

export function renameConsoleCollection(deps: CatalogDeps, actor: CatalogActor, code: string, name: string) {
  return change(deps, actor, async (tx) => {
    if (await renameCollection(tx, actor.shopId, code, name))
      await recordAudit(tx, actor.shopId, actor, 'collection.renamed', code, { name });
    return { code };
  });
}

export function placeConsoleCollection(
  deps: CatalogDeps,
  actor: CatalogActor,
  code: string,
  position: number,
) {
  return change(deps, actor, async (tx) => {
    await placeCollection(tx, actor.shopId, code, position);
    await recordAudit(tx, actor.shopId, actor, 'collection.moved', code, { position });
    return { code };
  });
}

export function deleteConsoleCollection(deps: CatalogDeps, actor: CatalogActor, code: string) {
  return change(deps, actor, async (tx) => {
    await deleteCollection(tx, actor.shopId, code);
    await recordAudit(tx, actor.shopId, actor, 'collection.deleted', code);
    return { code };
  });
}

export function setConsoleCollectionProducts(
  deps: CatalogDeps,
  actor: CatalogActor,
  code: string,
  body: CollectionProductsBody,
) {
  return change(deps, actor, async (tx) => {
    if (await setCollectionProducts(tx, actor.shopId, code, body.codes))
      await recordAudit(tx, actor.shopId, actor, 'collection.products', code, {
        count: body.codes.length,
        codes: body.codes.slice(0, 50),
      });
    return { code };
  });
}
