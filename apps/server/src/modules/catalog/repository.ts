import type { Queryable } from '../../db/client.ts';
import { productJsonSql, type ProductJson } from './product-repository.ts';
import { visibleSql } from './search-sql.ts';
import type { CategoryRow } from './serialize.ts';

/** The shop's categories in display order (position, then name). */
export async function findCategories(db: Queryable, shopId: string): Promise<CategoryRow[]> {
  return db.query<CategoryRow>(
    `select id, provider_id, parent_id, name, description, is_hidden from categories
      where shop_id = $1 order by position, name, id`,
    [shopId],
  );
}

/** The shop's collections in display order (the console's 'Coleções exibidas'). */
export async function findShopCollections(db: Queryable, shopId: string) {
  return db.query<{ providerId: string; name: string }>(
    `select provider_id as "providerId", name from collections where shop_id = $1 order by position, name, id`,
    [shopId],
  );
}

/** The collections of the shop among `providerIds`: providerId → its current name. */
export async function findCollectionNames(
  db: Queryable,
  shopId: string,
  providerIds: string[],
): Promise<Map<string, string>> {
  if (!providerIds.length) return new Map();
  const rows = await db.query<{ provider_id: string; name: string }>(
    'select provider_id, name from collections where shop_id = $1 and provider_id = any($2::text[])',
    [shopId, providerIds],
  );
  return new Map(rows.map((r) => [r.provider_id, r.name]));
}

/** The visible products among `providerIds`, in that order; unknown ids are skipped. */
export async function findProductsByProviderIds(
  db: Queryable,
  shopId: string,
  providerIds: string[],
): Promise<ProductJson[]> {
  const [row] = await db.query<{ rows: ProductJson[] }>(
    `select coalesce(json_agg(${productJsonSql()} order by ids.ord), '[]') as rows
       from unnest($2::text[]) with ordinality as ids(provider_id, ord)
       join products p on p.shop_id = $1 and p.provider_id = ids.provider_id
      where ${visibleSql('$1')}`,
    [shopId, providerIds],
  );
  return row?.rows ?? [];
}

/** True when the shop has at least one active product (console checklist). */
export async function hasActiveProduct(db: Queryable, shopId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from products where shop_id = $1 and is_active limit 1`, [shopId]);
  return rows.length > 0;
}

/** The name of the shop's collection `providerId`, or null when the shop has none such. */
export async function findCollectionName(
  db: Queryable,
  shopId: string,
  providerId: string,
): Promise<string | null> {
  const [row] = await db.query<{ name: string }>(
    'select name from collections where shop_id = $1 and provider_id = $2',
    [shopId, providerId],
  );
  return row?.name ?? null;
}

/** The id of the shop's product `code`, or null — for the console's product-scoped routes. */
export async function shopProductId(db: Queryable, shopId: string, code: string): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select id from products where shop_id = $1 and provider_id = $2`,
    [shopId, code],
  );
  return row?.id ?? null;
}
