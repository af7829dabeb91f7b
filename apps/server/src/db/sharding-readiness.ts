/**
 * Sharding readiness (issue 40, docs/capacity.md "After replicas"): can the schema be distributed by shop — e.g.
 * Citus with every shop-scoped table distributed by `shop_id` and the global tables as reference tables? Citus (like
 * any shard-by-key scheme) needs every unique constraint of a distributed table to contain the distribution column,
 * so the check reads the migrated schema from pg_catalog and asks, table by table:
 *   - shop-scoped = has a `shop_id` column: it needs `shop_id` in its primary key or in a unique index that is not
 *     partial (a partial index guarantees nothing about the rows it leaves out);
 *   - no `shop_id` column: the table must be listed in GLOBAL_TABLES (one reason each) — or in PENDING, below;
 *   - `shops` is the tenant table itself: distributed by its `id`, which is the `shop_id` of everything else.
 * A table reached only through a parent that has `shop_id` (a line of a refund, say) counts as shop-scoped without
 * the column: it cannot be co-located with its parent until it carries `shop_id`, so it is listed in PENDING or
 * given the column — never in GLOBAL_TABLES.
 * PENDING lists what does not pass today with the reason it was not fixed yet; the check prints it every run, so
 * nothing is hidden, and a table that starts passing must be taken off the list (the test says so).
 */
import type { Queryable } from './queryable.ts';

/** Tables with no shop: they become reference tables (copied to every node) or stay on the coordinator. */
export const GLOBAL_TABLES: Record<string, string> = {
  schema_migrations: 'the migration ledger: one per database',
  staff_users: 'a person signs in once and may work for several shops (shop_staff links them, by shop)',
  staff_sessions: "a signed-in person's session, before any shop is chosen",
  staff_tokens: "a person's one-time sign-in and password-reset tokens",
  tray_auth_codes: "Tray's one-time authorisation codes, claimed before the link to a shop exists",
  recovery_scan: "the recovery scan's single lease row, shared by every instance (it walks every shop)",
  read_marks:
    "unlogged, per caller read-your-writes marks of the primary's WAL position (decision 0060): coordinator only",
};

/**
 * Shop-scoped tables that do not pass yet, and why. The tables keyed by `id` here are catalogue- or order-sized and
 * written on every import or order: a second unique index `(shop_id, id)` beside the `(id)` key would only add
 * write cost and size, where the real change — made when distributing — is the key itself becoming `(shop_id, id)`
 * (with the foreign keys that name it).
 */
export const PENDING: Record<string, string> = {
  order_items: 'order-sized, written on every cart change; key becomes (shop_id, id) when distributing',
  order_events: 'order-sized, an event per order change; key becomes (shop_id, id) when distributing',
  payments: 'order-sized, written per charge; key becomes (shop_id, id) when distributing',
  payment_events: "order-sized, a gateway's every notification; key becomes (shop_id, id) when distributing",
  payment_ledger: 'order-sized, money in and out; key becomes (shop_id, id) when distributing',
  stock_levels:
    'one row per stock unit, written on every hold; key becomes (shop_id, unit_id) when distributing',
  product_variants: 'catalogue-sized, written on every import; key becomes (shop_id, id) when distributing',
  product_attributes: 'catalogue-sized, written on every import; key becomes (shop_id, id) when distributing',
  attribute_options: 'catalogue-sized, written on every import; key becomes (shop_id, id) when distributing',
  product_specifications:
    'catalogue-sized, written on every import; key becomes (shop_id, id) when distributing',
  price_table_prices:
    'catalogue-sized, no primary key (two partial unique indexes); becomes (shop_id, price_table_id, product_id, variant_id)',
  collection_products: 'catalogue-sized; key becomes (shop_id, collection_id, product_id) when distributing',
  tray_products: 'catalogue-sized for Tray shops, written on every sync; key becomes (shop_id, product_id)',
  tray_request_budget:
    'no shop_id: reached through its Tray link (tray_stores.shop_id); gains shop_id when distributing',
};

export type TableReadiness = {
  table: string;
  kind: 'shop' | 'tenant' | 'global' | 'pending' | 'unlisted';
  /** The non-partial unique index (or primary key) naming shop_id, e.g. `pk (shop_id, id)`. */
  key: string | null;
  ok: boolean;
  note: string;
};

type CatalogRow = { table: string; has_shop: boolean; key: string | null };

/** Every table of the schema with whether it has `shop_id` and the first non-partial unique index naming it. */
async function readSchema(db: Queryable): Promise<CatalogRow[]> {
  return db.query<CatalogRow>(
    `select c.relname as table,
            exists (select 1 from pg_attribute a
                     where a.attrelid = c.oid and a.attname = 'shop_id' and not a.attisdropped) as has_shop,
            (select case when i.indisprimary then 'pk ' else 'unique ' end
                    || '(' || substring(pg_get_indexdef(i.indexrelid) from '\\((.*)\\)') || ')'
               from pg_index i
               join pg_attribute a on a.attrelid = i.indrelid and a.attname = 'shop_id'
              where i.indrelid = c.oid and i.indisunique and i.indpred is null
                and a.attnum = any (i.indkey::int2[])
              order by i.indisprimary desc, i.indexrelid limit 1) as key
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')
      order by c.relname`,
  );
}

/** Every table's verdict; `ok` false is a table the schema cannot be distributed by shop with. */
export async function checkShardingReadiness(db: Queryable): Promise<TableReadiness[]> {
  return (await readSchema(db)).map(({ table, has_shop, key }): TableReadiness => {
    if (table === 'shops')
      return { table, kind: 'tenant', key: 'pk (id)', ok: true, note: 'distributed by id' };
    const pending = PENDING[table];
    if (has_shop && key)
      return pending
        ? { table, kind: 'pending', key, ok: false, note: 'passes now: take it off PENDING' }
        : { table, kind: 'shop', key, ok: true, note: '' };
    if (pending) return { table, kind: 'pending', key: null, ok: true, note: pending };
    if (has_shop)
      return {
        table,
        kind: 'shop',
        key: null,
        ok: false,
        note: 'has shop_id but no primary key or non-partial unique index with it',
      };
    const global = GLOBAL_TABLES[table];
    if (global) return { table, kind: 'global', key: null, ok: true, note: global };
    return {
      table,
      kind: 'unlisted',
      key: null,
      ok: false,
      note: 'no shop_id and not in GLOBAL_TABLES: add shop_id (and a key with it) or list it with a reason',
    };
  });
}

/** The verdicts as aligned text lines, failures first named `✖`. */
export function formatReadiness(rows: TableReadiness[]): string {
  const width = Math.max(...rows.map((r) => r.table.length));
  const counts = (kind: TableReadiness['kind']) => rows.filter((r) => r.kind === kind && r.ok).length;
  return [
    ...rows.map(
      (r) =>
        `${r.ok ? (r.kind === 'pending' ? '…' : '✔') : '✖'} ${r.table.padEnd(width)}  ${r.kind.padEnd(7)}  ` +
        `${r.key ?? ''}${r.key && r.note ? '  ' : ''}${r.note}`,
    ),
    `${rows.length} tables: ${counts('shop')} shop-scoped with shop_id in a unique key, 1 tenant (shops), ` +
      `${counts('global')} global, ${counts('pending')} pending, ${rows.filter((r) => !r.ok).length} failing`,
  ].join('\n');
}

/**
 * What distributing would still have to rewrite (printed, not failed): Citus wants the distribution column in every
 * unique constraint of a distributed table, so each shop-scoped table's primary key and unique indexes without
 * `shop_id` (`(id)` keys, global token lookups such as `sessions.token_hash`) become `(shop_id, …)` — or, for a
 * lookup that arrives without its shop, a global lookup table naming the shop.
 */
export async function uniqueKeysWithoutShop(db: Queryable): Promise<{ table: string; key: string }[]> {
  return db.query<{ table: string; key: string }>(
    `select c.relname as table,
            case when i.indisprimary then 'pk ' else 'unique ' end
              || regexp_replace(pg_get_indexdef(i.indexrelid), '^.* USING [a-z]+ ', '') as key
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and i.indisunique
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'shop_id')
        and not exists (select 1 from pg_attribute a
                         where a.attrelid = c.oid and a.attname = 'shop_id' and a.attnum = any (i.indkey::int2[]))
      order by i.indisprimary, c.relname, 2`,
  );
}
