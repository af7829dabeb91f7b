/**
 * The console's writer of price tables (issue 18, decision 0039): `price_tables` and `price_table_prices` (a
 * product's row has no variant; a variant's row names it). Reads join the catalogue (names, SKUs, catalogue
 * prices) and the stores that name a table (`sellers`), read-only. Every statement names the shop, so an id of
 * another shop matches nothing.
 */
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';

export type PriceTableRow = {
  id: string;
  provider_id: string;
  name: string;
  prices: number;
  stores: string[];
};

export async function listPriceTableRows(db: Queryable, shopId: string): Promise<PriceTableRow[]> {
  return db.query<PriceTableRow>(
    `select t.id, t.provider_id, t.name,
            (select count(*)::int from price_table_prices p where p.price_table_id = t.id) as prices,
            coalesce((select json_agg(s.name order by s.position, s.name) from sellers s
                       where s.shop_id = t.shop_id
                         and (s.allowed_price_tables @> to_jsonb(t.provider_id)
                              or s.default_price_table_id = t.provider_id)), '[]'::json) as stores
       from price_tables t where t.shop_id = $1 order by t.position, t.name, t.id`,
    [shopId],
  );
}

export async function nameTaken(db: Queryable, shopId: string, name: string, exceptId: string | null) {
  const rows = await db.query(
    `select 1 from price_tables where shop_id = $1 and lower(name) = lower($2) and id <> coalesce($3, '')`,
    [shopId, name, exceptId],
  );
  return rows.length > 0;
}

/** A new table, last in the list; its provider id is its id (the stores and the checkout name it so). */
export async function insertPriceTable(tx: Queryable, shopId: string, name: string): Promise<string> {
  const id = newId('ptb');
  await tx.query(
    `insert into price_tables (id, shop_id, provider_id, name, position)
     values ($1, $2, $1, $3, (select coalesce(max(position) + 1, 0) from price_tables where shop_id = $2))`,
    [id, shopId, name],
  );
  return id;
}

export async function renamePriceTable(tx: Queryable, shopId: string, id: string, name: string) {
  const rows = await tx.query(
    'update price_tables set name = $3 where id = $1 and shop_id = $2 returning id',
    [id, shopId, name],
  );
  return rows.length > 0;
}

/** Deletes a table and its prices; false when `id` is not a table of the shop. */
export async function deletePriceTable(tx: Queryable, shopId: string, id: string): Promise<boolean> {
  await tx.query('delete from price_table_prices where price_table_id = $1 and shop_id = $2', [id, shopId]);
  const rows = await tx.query('delete from price_tables where id = $1 and shop_id = $2 returning id', [
    id,
    shopId,
  ]);
  return rows.length > 0;
}

export type PriceLineRow = {
  product_id: string;
  variant_id: string | null;
  code: string;
  sku: string;
  name: string;
  variant: string | null;
  catalogue_cents: number;
  table_cents: number | null;
};

const VARIANT_LABEL = `coalesce((select string_agg(a.name || ': ' || coalesce(o.name, e.value), ' | '
                                          order by a.position, a.name)
                           from jsonb_each_text(v.options) e
                           join product_attributes a on a.product_id = v.product_id and a.provider_id = e.key
                           left join attribute_options o on o.attribute_id = a.id and o.provider_id = e.value),
                         v.sku)`;

/** Products of the shop matching `q` (name, code, SKU or a variant's SKU; '' for all). */
const MATCHED = `select p.id, p.provider_id, p.sku, p.name, p.price_cents from products p
                  where p.shop_id = $1
                    and ($2 = '' or p.name ilike $3 or p.provider_id ilike $3 or p.sku ilike $3
                         or exists (select 1 from product_variants mv where mv.product_id = p.id and mv.sku ilike $3))`;

/** The lines (each product, then its variants) of products matching `q`, by name; `limit` null for all. */
export async function priceLines(
  db: Queryable,
  shopId: string,
  tableId: string,
  q: string,
  offset: number,
  limit: number | null,
): Promise<{ total: number; rows: PriceLineRow[] }> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from (${MATCHED}) m`, [
    shopId,
    q,
    like,
  ]);
  const rows = await db.query<PriceLineRow & { pos: number }>(
    `with page as (${MATCHED} order by p.name, p.id limit $5 offset $6)
     select pg.id as product_id, null::text as variant_id, pg.provider_id as code, pg.sku, pg.name,
            null::text as variant, pg.price_cents as catalogue_cents,
            (select tp.price_cents from price_table_prices tp
              where tp.price_table_id = $4 and tp.product_id = pg.id and tp.variant_id is null) as table_cents,
            -1 as pos
       from page pg
     union all
     select pg.id, v.id, pg.provider_id, v.sku, pg.name, ${VARIANT_LABEL}, v.price_cents,
            (select tp.price_cents from price_table_prices tp
              where tp.price_table_id = $4 and tp.variant_id = v.id),
            v.position
       from page pg join product_variants v on v.product_id = pg.id
      order by name, product_id, pos, variant_id`,
    [shopId, q, like, tableId, limit, offset],
  );
  return { total: count?.n ?? 0, rows: rows.map(({ pos: _pos, ...row }) => row) };
}

/** A product or variant of the shop a price names, with its table price now (null: none). */
export type PriceTarget = {
  product_id: string;
  variant_id: string | null;
  sku: string;
  name: string;
  variant: string | null;
  table_cents: number | null;
};

/**
 * The shop's products and variants among `keys` (`variant_id` null: the product's own line), with their price
 * in the table now; a key of another shop, or a variant not of that product, is left out.
 */
export async function priceTargets(
  db: Queryable,
  shopId: string,
  tableId: string,
  keys: { product_id: string; variant_id: string | null }[],
): Promise<PriceTarget[]> {
  return db.query<PriceTarget>(
    `select p.id as product_id, v.id as variant_id, coalesce(v.sku, p.sku) as sku, p.name,
            case when v.id is null then null else ${VARIANT_LABEL} end as variant,
            (select tp.price_cents from price_table_prices tp
              where tp.price_table_id = $2
                and (case when v.id is null then tp.product_id = p.id and tp.variant_id is null
                          else tp.variant_id = v.id end)) as table_cents
       from jsonb_to_recordset($3::jsonb) as k(product_id text, variant_id text)
       join products p on p.id = k.product_id and p.shop_id = $1
       left join product_variants v on v.id = k.variant_id and v.product_id = p.id
      where k.variant_id is null or v.id is not null`,
    [shopId, tableId, JSON.stringify(keys)],
  );
}

/** The shop's products and variants whose SKU is among `skus`, for a CSV import's matching. */
export async function skuTargets(db: Queryable, shopId: string, skus: string[]) {
  return db.query<{ product_id: string; variant_id: string | null; sku: string; product_sku: string }>(
    `select p.id as product_id, null::text as variant_id, p.sku, p.sku as product_sku
       from products p where p.shop_id = $1 and p.sku = any($2::text[])
     union all
     select v.product_id, v.id, v.sku, p.sku
       from product_variants v join products p on p.id = v.product_id
      where v.shop_id = $1 and v.sku = any($2::text[])`,
    [shopId, skus],
  );
}

/** Replaces the table's rows of `prices` (null: the row removed, the catalogue's price applies). */
export async function writePrices(
  tx: Queryable,
  shopId: string,
  tableId: string,
  prices: { product_id: string; variant_id: string | null; price_cents: number | null }[],
): Promise<void> {
  if (prices.length === 0) return;
  const products = prices.filter((p) => p.variant_id === null).map((p) => p.product_id);
  const variants = prices.flatMap((p) => (p.variant_id === null ? [] : [p.variant_id]));
  await tx.query(
    `delete from price_table_prices
      where price_table_id = $1 and shop_id = $2
        and ((variant_id is null and product_id = any($3::text[])) or variant_id = any($4::text[]))`,
    [tableId, shopId, products, variants],
  );
  const kept = prices.filter((p) => p.price_cents !== null);
  if (kept.length === 0) return;
  await tx.query(
    `insert into price_table_prices (price_table_id, product_id, variant_id, shop_id, price_cents)
     select $1, r.product_id, r.variant_id, $2, r.price_cents
       from jsonb_to_recordset($3::jsonb) as r(product_id text, variant_id text, price_cents int)`,
    [tableId, shopId, JSON.stringify(kept)],
  );
}
