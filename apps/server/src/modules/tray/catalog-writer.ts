/**
 * Writes what an import read from Tray into the catalogue tables, in place: rows are matched by
 * provider_id (unique per shop, per product, per attribute), so a re-import updates and never duplicates.
 * Each call writes a whole page with a handful of multi-row statements; the search columns follow through
 * the catalogue triggers (0002_catalog_search.sql).
 */
import { slugify } from '@vitrine/contracts/console-catalog';
import type { TrayCategory, TrayProduct, TrayVariant } from '../../adapters/tray/tray-api.ts';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import {
  retireVariants,
  upsertAttributes,
  upsertVariants,
  type AttributeUpsert,
  type VariantUpsert,
} from '../catalog/service.ts';
import { countStock, setLowThresholds, type UnitCount } from '../stock/service.ts';

export type ImportedProduct = Omit<TrayProduct, 'images'> & { images: string[]; variants: TrayVariant[] };

const json = (rows: unknown[]) => JSON.stringify(rows);
const unique = <T extends { providerId: string }>(items: T[]) => [
  ...new Map(items.map((i) => [i.providerId, i])).values(),
];

/** Upserts the category tree, parents before children (a category whose parent is unknown becomes a root). */
export async function writeCategories(tx: Queryable, shopId: string, listed: TrayCategory[]): Promise<void> {
  const categories = unique(listed);
  const known = new Set(categories.map((c) => c.providerId));
  let level = categories.filter((c) => !c.parentProviderId || !known.has(c.parentProviderId));
  const done = new Set<string>();
  while (level.length > 0) {
    level.forEach((c) => done.add(c.providerId));
    const rows = level.map((c) => ({
      id: newId('cat'),
      provider_id: c.providerId,
      parent_provider_id: known.has(c.parentProviderId ?? '') ? c.parentProviderId : null,
      name: c.name,
      description: c.description,
      position: c.position,
    }));
    await tx.query(
      `insert into categories (id, shop_id, provider_id, parent_id, name, description, position)
       select r.id, $1, r.provider_id,
              (select p.id from categories p where p.shop_id = $1 and p.provider_id = r.parent_provider_id),
              r.name, r.description, r.position
         from jsonb_to_recordset($2::jsonb)
           as r(id text, provider_id text, parent_provider_id text, name text, description text, position int)
       on conflict (shop_id, provider_id) do update
         set parent_id = excluded.parent_id, name = excluded.name, description = excluded.description,
             position = excluded.position
       where (categories.parent_id, categories.name, categories.description, categories.position)
             is distinct from (excluded.parent_id, excluded.name, excluded.description, excluded.position)`,
      [shopId, json(rows)],
    );
    level = categories.filter((c) => !done.has(c.providerId) && done.has(c.parentProviderId ?? ''));
  }
}

/** A product is active when Tray shows it as available and it has stock (itself or in a variant). */
function isActive(p: ImportedProduct): boolean {
  if (!p.available) return false;
  return p.hasVariation && p.variants.length > 0 ? p.variants.some((v) => v.stock > 0) : p.stock > 0;
}

/**
 * The ids of the Tray products whose SKU another product of the shop already has — or an earlier product of the
 * same page — so SKUs stay unique per shop (issue 38, migration 0071): the caller skips them with their reason.
 */
export async function productsWithTakenSku(
  tx: Queryable,
  shopId: string,
  products: ImportedProduct[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  const owner = new Map<string, string>();
  for (const p of products) {
    const first = owner.get(p.sku);
    if (first !== undefined && first !== p.providerId) taken.add(p.providerId);
    else owner.set(p.sku, p.providerId);
  }
  const rows = await tx.query<{ sku: string; provider_id: string }>(
    'select sku, provider_id from products where shop_id = $1 and sku = any($2::text[])',
    [shopId, [...owner.keys()]],
  );
  for (const row of rows) {
    const mine = owner.get(row.sku);
    if (mine !== undefined && mine !== row.provider_id) taken.add(mine);
  }
  return taken;
}

/** Upserts one page of products with images, attributes, options and variants; marks them seen by `jobId`. */
export async function writeProducts(
  tx: Queryable,
  scope: { shopId: string; linkId: string; jobId: string },
  products: ImportedProduct[],
): Promise<void> {
  // One row per id even if Tray repeats an item (an upsert may not touch a row twice in one statement).
  products = [
    ...new Map(products.map((p) => [p.providerId, { ...p, variants: unique(p.variants) }])).values(),
  ];
  if (products.length === 0) return;
  const { shopId } = scope;
  const rows = products.map((p) => ({
    id: newId('prd'),
    provider_id: p.providerId,
    sku: p.sku,
    name: p.name,
    description: p.description,
    brand_name: p.brandName,
    category_provider_id: p.categoryProviderId,
    price_cents: p.priceCents,
    promotional_price_cents: p.promotionalPriceCents,
    is_active: isActive(p),
  }));
  await tx.query(
    `insert into products (id, shop_id, provider_id, sku, name, description, brand_name, category_id,
                           price_cents, promotional_price_cents, is_active)
     select r.id, $1, r.provider_id, r.sku, r.name, r.description, r.brand_name,
            (select c.id from categories c where c.shop_id = $1 and c.provider_id = r.category_provider_id),
            r.price_cents, r.promotional_price_cents, r.is_active
       from jsonb_to_recordset($2::jsonb) as r(id text, provider_id text, sku text, name text, description text,
            brand_name text, category_provider_id text, price_cents int, promotional_price_cents int, is_active boolean)
     on conflict (shop_id, provider_id) do update
       set sku = excluded.sku, name = excluded.name, description = excluded.description,
           brand_name = excluded.brand_name, category_id = excluded.category_id, price_cents = excluded.price_cents,
           promotional_price_cents = excluded.promotional_price_cents, is_active = excluded.is_active, updated_at = now()
     where (products.sku, products.name, products.description, products.brand_name, products.category_id,
            products.price_cents, products.promotional_price_cents, products.is_active)
           is distinct from (excluded.sku, excluded.name, excluded.description, excluded.brand_name,
            excluded.category_id, excluded.price_cents, excluded.promotional_price_cents, excluded.is_active)`,
    [shopId, json(rows)],
  );
  const idRows = await tx.query<{ id: string; provider_id: string }>(
    'select id, provider_id from products where shop_id = $1 and provider_id = any($2::text[])',
    [shopId, products.map((p) => p.providerId)],
  );
  const ids = new Map(idRows.map((r) => [r.provider_id, r.id]));
  const productIds = [...ids.values()];
  await tx.query(
    `insert into tray_products (product_id, shop_id, link_id, last_seen_job_id)
     select unnest($1::text[]), $2, $3, $4
     on conflict (product_id) do update set link_id = excluded.link_id, last_seen_job_id = excluded.last_seen_job_id`,
    [productIds, shopId, scope.linkId, scope.jobId],
  );
  await tx.query('delete from product_images where product_id = any($1::text[])', [productIds]);
  const images = products.flatMap((p) =>
    p.images.map((url, position) => ({ id: newId('img'), product_id: ids.get(p.providerId), url, position })),
  );
  await tx.query(
    `insert into product_images (id, shop_id, product_id, url, position)
     select r.id, $1, r.product_id, r.url, r.position
       from jsonb_to_recordset($2::jsonb) as r(id text, product_id text, url text, position int)`,
    [shopId, json(images)],
  );
  await writeVariants(tx, shopId, products, ids);
  await writeStock(tx, shopId, products, ids);
}

/** The largest count kept (on hand is a 32-bit integer); Tray may send anything. */
const MAX_COUNT = 1_000_000_000;

/**
 * Tray's `stock` of each product without variants and of each variant, as 'tray_sync' counts in the page's
 * transaction (decision 0044): tracking goes on unless the owner chose already; a count below what confirmed orders
 * hold here (Tray does not know them) keeps on hand at what they hold, noted. Tray's `minimum_stock` becomes the
 * product's low-stock threshold (each of its units: 'baixo estoque' and the stock.low event), as Tray's count is
 * the on hand: Tray is where a synced product's stock is kept.
 */
async function writeStock(
  tx: Queryable,
  shopId: string,
  products: ImportedProduct[],
  ids: Map<string, string>,
) {
  const count = (stock: number) => Math.min(stock, MAX_COUNT);
  const counts = products.flatMap((p): UnitCount[] => {
    const productId = ids.get(p.providerId)!;
    if (p.variants.length === 0)
      return [{ productId, variantCode: null, variantSku: null, onHand: count(p.stock) }];
    return p.variants.map((v) => ({
      productId,
      variantCode: v.providerId,
      variantSku: null,
      onHand: count(v.stock),
    }));
  });
  await countStock(tx, shopId, 'tray_sync', counts, { track: 'unless-chosen', belowHeld: 'hold' });
  await setLowThresholds(
    tx,
    shopId,
    products.map((p) => ({
      productId: ids.get(p.providerId)!,
      threshold: Math.min(p.minimumStock, MAX_COUNT),
    })),
  );
}

async function writeVariants(
  tx: Queryable,
  shopId: string,
  products: ImportedProduct[],
  ids: Map<string, string>,
) {
  const productIds = [...ids.values()];
  const attributes: AttributeUpsert[] = [];
  const wantedAttributes: string[] = [];
  for (const p of products) {
    const names = new Map<string, string>();
    for (const v of p.variants)
      for (const o of v.options) if (!names.has(slugify(o.type))) names.set(slugify(o.type), o.type);
    [...names].forEach(([providerId, name], position) => {
      attributes.push({
        id: newId('att'),
        product_id: ids.get(p.providerId)!,
        provider_id: providerId,
        name,
        position,
      });
      wantedAttributes.push(`${ids.get(p.providerId)}:${providerId}`);
    });
  }
  await upsertAttributes(tx, shopId, attributes);
  const attributeRows = await tx.query<{ id: string; product_id: string; provider_id: string }>(
    'select id, product_id, provider_id from product_attributes where product_id = any($1::text[])',
    [productIds],
  );
  const attributeId = new Map(attributeRows.map((a) => [`${a.product_id}:${a.provider_id}`, a.id]));
  const options = new Map<string, object>();
  const variants: VariantUpsert[] = [];
  for (const p of products) {
    const productId = ids.get(p.providerId)!;
    p.variants.forEach((v, position) => {
      const map: Record<string, string> = {};
      for (const o of v.options) {
        const attribute = attributeId.get(`${productId}:${slugify(o.type)}`)!;
        const key = `${attribute}:${slugify(o.value)}`;
        map[slugify(o.type)] = slugify(o.value);
        if (!options.has(key))
          options.set(key, {
            id: newId('opt'),
            attribute_id: attribute,
            provider_id: slugify(o.value),
            name: o.value,
            position: options.size,
          });
      }
      variants.push({
        id: newId('var'),
        product_id: productId,
        provider_id: v.providerId,
        sku: v.sku,
        options: map,
        price_cents: v.priceCents,
        promotional_price_cents: v.promotionalPriceCents,
        image_url: v.imageUrl,
        is_available: v.stock > 0,
        position: v.position || position,
      });
    });
  }
  await tx.query(
    `insert into attribute_options (id, shop_id, attribute_id, provider_id, name, position)
     select r.id, $1, r.attribute_id, r.provider_id, r.name, r.position
       from jsonb_to_recordset($2::jsonb) as r(id text, attribute_id text, provider_id text, name text, position int)
     on conflict (attribute_id, provider_id) do update set name = excluded.name, position = excluded.position
     where (attribute_options.name, attribute_options.position) is distinct from (excluded.name, excluded.position)`,
    [shopId, json([...options.values()])],
  );
  const attrIds = attributeRows.map((a) => a.id);
  await tx.query(
    `delete from attribute_options where attribute_id = any($1::text[])
        and not (attribute_id || ':' || provider_id = any($2::text[]))`,
    [attrIds, [...options.keys()]],
  );
  await tx.query(
    `delete from product_attributes where product_id = any($1::text[]) and not (product_id || ':' || provider_id = any($2::text[]))`,
    [productIds, wantedAttributes],
  );
  await upsertVariants(tx, shopId, variants);
  // Variants gone from Tray: deleted, unless an order line points at them (then only unavailable).
  const keep = variants.map((v) => `${v.product_id}:${v.provider_id}`);
  await retireVariants(tx, productIds, keep);
}

/**
 * Marks the shop's products with these Tray ids as seen by the job without writing them: products Tray sent
 * malformed this time keep their last good copy instead of being deactivated as missing.
 */
export async function markSeen(
  tx: Queryable,
  scope: { shopId: string; jobId: string },
  providerIds: string[],
): Promise<void> {
  if (providerIds.length === 0) return;
  await tx.query(
    `update tray_products t set last_seen_job_id = $3 from products p
      where p.id = t.product_id and p.shop_id = $1 and p.provider_id = any($2::text[])`,
    [scope.shopId, providerIds, scope.jobId],
  );
}

/** After a complete run: the shop's Tray products that this run did not see are no longer in Tray. */
export async function deactivateMissing(tx: Queryable, shopId: string, jobId: string): Promise<number> {
  const rows = await tx.query(
    `update products p set is_active = false, updated_at = now() from tray_products t
      where t.product_id = p.id and t.shop_id = $1 and t.last_seen_job_id <> $2 and p.is_active
      returning p.id`,
    [shopId, jobId],
  );
  return rows.length;
}
