/**
 * The statements of a product's grid (decision 0031): its attributes with their options and its variants, for
 * the catalogue's writer (`product-writer.ts`, which decides what changed) and Tray's page importer (the upserts).
 * Owner of `product_attributes`, `attribute_options` and `product_variants` beside Tray's writer.
 */
import { slugify, variantCode, type ProductInput } from '@vitrine/contracts/console-catalog';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { optionOf } from './product-diff.ts';
import type { ProductJson } from './product-repository.ts';

const json = (rows: unknown[]) => JSON.stringify(rows);

/** A product being saved: its row id and the normalised input. */
export type Target = { id: string; p: ProductInput };

/** Attributes and options matched by their codes (names' slugs); the ones no longer named are deleted. */
export async function writeAttributes(tx: Queryable, shopId: string, targets: Target[]) {
  if (targets.length === 0) return;
  const productIds = targets.map((t) => t.id);
  const attributes = targets.flatMap(({ id, p }) =>
    p.attributes.map((a, position) => ({
      id: newId('att'),
      product_id: id,
      provider_id: slugify(a.name),
      name: a.name,
      position,
    })),
  );
  const keep = attributes.map((a) => `${a.product_id}:${a.provider_id}`);
  const stale = `product_id = any($1::text[]) and not (product_id || ':' || provider_id = any($2::text[]))`;
  await tx.query(
    `delete from attribute_options where attribute_id in (select id from product_attributes where ${stale})`,
    [productIds, keep],
  );
  await tx.query(`delete from product_attributes where ${stale}`, [productIds, keep]);
  await upsertAttributes(tx, shopId, attributes);
  const options = targets.flatMap(({ id, p }) =>
    p.attributes.flatMap((a) =>
      a.options.map((o, position) => ({
        id: newId('opt'),
        product_id: id,
        attribute_code: slugify(a.name),
        provider_id: slugify(o.name),
        name: o.name,
        redirectable: o.redirectable,
        position,
      })),
    ),
  );
  await tx.query(
    `delete from attribute_options o using product_attributes a
      where a.id = o.attribute_id and a.product_id = any($1::text[])
        and not (a.product_id || ':' || a.provider_id || ':' || o.provider_id = any($2::text[]))`,
    [productIds, options.map((o) => `${o.product_id}:${o.attribute_code}:${o.provider_id}`)],
  );
  await tx.query(
    `insert into attribute_options (id, shop_id, attribute_id, provider_id, name, redirectable, position)
     select r.id, $1, a.id, r.provider_id, r.name, r.redirectable, r.position
       from jsonb_to_recordset($2::jsonb) as r(id text, product_id text, attribute_code text, provider_id text,
            name text, redirectable boolean, position int)
       join product_attributes a on a.product_id = r.product_id and a.provider_id = r.attribute_code
     on conflict (attribute_id, provider_id) do update
       set name = excluded.name, redirectable = excluded.redirectable, position = excluded.position
     where (attribute_options.name, attribute_options.redirectable, attribute_options.position)
           is distinct from (excluded.name, excluded.redirectable, excluded.position)`,
    [shopId, json(options)],
  );
}

/**
 * Variants matched by their options (an existing variant keeps its code, so order lines keep pointing at it);
 * new ones get `variantCode`. A variant no longer in the grid is deleted, or only made unavailable when an
 * order line points at it.
 */
export async function writeVariants(tx: Queryable, shopId: string, targets: Target[]) {
  if (targets.length === 0) return;
  const productIds = targets.map((t) => t.id);
  const existing = await tx.query<{
    product_id: string;
    provider_id: string;
    options: Record<string, string>;
  }>('select product_id, provider_id, options from product_variants where product_id = any($1::text[])', [
    productIds,
  ]);
  const key = (productId: string, options: Record<string, string>) =>
    `${productId}:${JSON.stringify(Object.entries(options).sort())}`;
  const codeByOptions = new Map(existing.map((v) => [key(v.product_id, v.options), v.provider_id]));
  const variants = targets.flatMap(({ id, p }) =>
    p.variants.map((v, position) => {
      const options = Object.fromEntries(
        p.attributes.map((a) => [slugify(a.name), slugify(optionOf(v.options, a.name) ?? '')]),
      );
      return {
        id: newId('var'),
        product_id: id,
        provider_id: codeByOptions.get(key(id, options)) ?? variantCode(v.options, p.attributes),
        sku: v.sku,
        options,
        price_cents: v.priceCents,
        promotional_price_cents: v.promotionalPriceCents,
        image_url: v.imageUrl,
        is_available: v.isAvailable,
        position,
      };
    }),
  );
  await retireVariants(
    tx,
    productIds,
    variants.map((v) => `${v.product_id}:${v.provider_id}`),
  );
  await upsertVariants(tx, shopId, variants);
}

/** A product's attribute as both catalogue writers upsert it (matched by product and attribute code). */
export type AttributeUpsert = {
  id: string;
  product_id: string;
  provider_id: string;
  name: string;
  position: number;
};

/** Inserts the attributes, or renames and moves the ones already there (untouched when nothing differs). */
export async function upsertAttributes(tx: Queryable, shopId: string, attributes: AttributeUpsert[]) {
  await tx.query(
    `insert into product_attributes (id, shop_id, product_id, provider_id, name, position)
     select r.id, $1, r.product_id, r.provider_id, r.name, r.position
       from jsonb_to_recordset($2::jsonb) as r(id text, product_id text, provider_id text, name text, position int)
     on conflict (product_id, provider_id) do update set name = excluded.name, position = excluded.position
     where (product_attributes.name, product_attributes.position) is distinct from (excluded.name, excluded.position)`,
    [shopId, json(attributes)],
  );
}

/** A variant as both catalogue writers upsert it (matched by product and variant code; options by slugs). */
export type VariantUpsert = ProductJson['variants'][number] & {
  id: string;
  product_id: string;
  position: number;
};

/** Inserts the variants, or updates the ones already there. */
export async function upsertVariants(tx: Queryable, shopId: string, variants: VariantUpsert[]) {
  await tx.query(
    `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents,
                                   promotional_price_cents, image_url, is_available, position)
     select r.id, $1, r.product_id, r.provider_id, r.sku, r.options, r.price_cents, r.promotional_price_cents,
            r.image_url, r.is_available, r.position
       from jsonb_to_recordset($2::jsonb) as r(id text, product_id text, provider_id text, sku text, options jsonb,
            price_cents int, promotional_price_cents int, image_url text, is_available boolean, position int)
     on conflict (product_id, provider_id) do update
       set sku = excluded.sku, options = excluded.options, price_cents = excluded.price_cents,
           promotional_price_cents = excluded.promotional_price_cents, image_url = excluded.image_url,
           is_available = excluded.is_available, position = excluded.position`,
    [shopId, json(variants)],
  );
}

/**
 * The variants of `productIds` not in `keep` (`<product id>:<variant code>`) leave the grid: deleted, or only
 * made unavailable when an order line points at them.
 */
export async function retireVariants(tx: Queryable, productIds: string[], keep: string[]): Promise<void> {
  const stale = `product_id = any($1::text[]) and not (product_id || ':' || provider_id = any($2::text[]))`;
  await tx.query(
    `delete from product_variants v where ${stale} and not exists (select 1 from order_items i where i.variant_id = v.id)`,
    [productIds, keep],
  );
  await tx.query(`update product_variants set is_available = false where ${stale} and is_available`, [
    productIds,
    keep,
  ]);
}
