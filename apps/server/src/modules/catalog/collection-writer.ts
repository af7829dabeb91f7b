/**
 * The one writer of a shop's collections and their hand-picked products (decision 0031, "Editor and
 * collections"). A collection's code (provider_id) is what the storefront's `COLLECTION_<code>` tab and the
 * settings' 'Coleções exibidas' name; it is made from the name once and kept when the collection is renamed.
 * Each write locks the collection row (or, for a reorder, the shop's collections) so concurrent console calls on
 * any instance apply one after the other.
 */
import { slugify } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';

async function collectionId(tx: Queryable, shopId: string, code: string): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    'select id from collections where shop_id = $1 and provider_id = $2 for update',
    [shopId, code],
  );
  if (!row) throw new AppError('notFound', 'catalogCollectionNotFound');
  return row.id;
}

/** A new collection, last of the shop's, with a code free in the shop; answers its code. */
export async function createCollection(tx: Queryable, shopId: string, name: string): Promise<string> {
  const id = newId('col');
  const [row] = await tx.query<{ provider_id: string }>(
    `insert into collections (id, shop_id, provider_id, name, position)
     select $1, $2,
            case when exists (select 1 from collections where shop_id = $2 and provider_id = $3)
                 then $3 || '-' || right($1, 6) else $3 end,
            $4, coalesce((select max(position) + 1 from collections where shop_id = $2), 0)
     returning provider_id`,
    [id, shopId, slugify(name).slice(0, 50), name],
  );
  return row!.provider_id;
}

/** Renames a collection (its code stays); false when the name was already that. */
export async function renameCollection(tx: Queryable, shopId: string, code: string, name: string) {
  const id = await collectionId(tx, shopId, code);
  const rows = await tx.query('update collections set name = $2 where id = $1 and name <> $2 returning id', [
    id,
    name,
  ]);
  return rows.length > 0;
}

/** Moves a collection to `position` among the shop's collections, renumbering them in one statement. */
export async function placeCollection(tx: Queryable, shopId: string, code: string, position: number) {
  const all = await tx.query<{ id: string; provider_id: string }>(
    'select id, provider_id from collections where shop_id = $1 order by position, name, id for update',
    [shopId],
  );
  const moved = all.find((c) => c.provider_id === code);
  if (!moved) throw new AppError('notFound', 'catalogCollectionNotFound');
  const order = all.filter((c) => c !== moved).map((c) => c.id);
  order.splice(Math.min(position, order.length), 0, moved.id);
  await tx.query(
    `update collections c set position = r.ord - 1
       from unnest($2::text[]) with ordinality as r(id, ord)
      where c.id = r.id and c.shop_id = $1 and c.position <> r.ord - 1`,
    [shopId, order],
  );
}

/** Deletes a collection and its list of products (the products stay). */
export async function deleteCollection(tx: Queryable, shopId: string, code: string) {
  const id = await collectionId(tx, shopId, code);
  await tx.query('delete from collection_products where collection_id = $1', [id]);
  await tx.query('delete from collections where id = $1', [id]);
}

/**
 * Makes `codes` the collection's products in that order. A code the shop does not have refuses the whole
 * list; answers whether anything changed.
 */
export async function setCollectionProducts(tx: Queryable, shopId: string, code: string, codes: string[]) {
  const id = await collectionId(tx, shopId, code);
  const found = await tx.query<{ id: string; provider_id: string }>(
    'select id, provider_id from products where shop_id = $1 and provider_id = any($2::text[])',
    [shopId, codes],
  );
  const idOf = new Map(found.map((p) => [p.provider_id, p.id]));
  const missing = codes.filter((c) => !idOf.has(c));
  if (missing.length > 0)
    throw new AppError('unprocessable', 'catalogCollectionProductsUnknown', { count: missing.length });
  const ids = codes.map((c) => idOf.get(c)!);
  const before = await tx.query<{ product_id: string }>(
    'select product_id from collection_products where collection_id = $1 order by position, product_id',
    [id],
  );
  if (before.length === ids.length && before.every((row, i) => row.product_id === ids[i])) return false;
  await tx.query('delete from collection_products where collection_id = $1', [id]);
  await tx.query(
    `insert into collection_products (collection_id, product_id, shop_id, position)
     select $1, r.id, $2, r.ord - 1 from unnest($3::text[]) with ordinality as r(id, ord)`,
    [id, shopId, ids],
  );
  return true;
}
