/**
 * Owner of stock_settings, stock_movements and stock_api_requests (decision 0044). stock_levels is written only by migration 0050's
 * triggers (a ledger row moves its unit's level; an order's or a charge's status change writes the ledger rows of
 * holds, releases and sales); this file reads it. Products and variants are read here only to name the shop's units.
 */
import type { StockActor, StockReason } from '@vitrine/contracts/stock';
import type { Queryable } from '../../db/client.ts';

/** A sellable unit of the shop: a product without variants, or one variant. */
export type UnitRow = {
  unit_id: string;
  product_id: string;
  variant_id: string | null;
  sku: string;
  name: string;
  kilo: boolean;
  /** The product's and the variant's provider ids (what the platform and the storefront call them). */
  product_code: string;
  variant_code: string | null;
};

/**
 * The shop's units (products without variants, and variants) that `where` keeps, as a sub-select ($1 is the
 * shop); each half filters on its own indexed ids.
 */
function units(where: { product: string; variant: string }): string {
  return `select p.id as unit_id, p.id as product_id, null::text as variant_id, p.sku, p.name,
      p.sold_in_kilo as kilo, p.provider_id as product_code, null::text as variant_code
    from products p
    where p.shop_id = $1 and ${where.product}
      and not exists (select 1 from product_variants x where x.product_id = p.id)
    union all
    select v.id, p.id, v.id, v.sku, p.name, p.sold_in_kilo, p.provider_id, v.provider_id
    from product_variants v join products p on p.id = v.product_id
    where p.shop_id = $1 and ${where.variant}`;
}
const BY_UNIT = (n: number) =>
  units({ product: `p.id = any($${n}::text[])`, variant: `v.id = any($${n}::text[])` });

/** The shop's units among `unitIds` (another shop's or an unknown id is simply absent). */
export async function findUnits(db: Queryable, shopId: string, unitIds: string[]): Promise<UnitRow[]> {
  return db.query<UnitRow>(`select * from (${BY_UNIT(2)}) u order by u.unit_id`, [shopId, unitIds]);
}

/** The shop's units whose SKU is one of `skus` (a SKU may name several units: the caller refuses it). */
export async function findUnitsBySku(db: Queryable, shopId: string, skus: string[]): Promise<UnitRow[]> {
  const bySku = units({ product: 'p.sku = any($2::text[])', variant: 'v.sku = any($2::text[])' });
  return db.query<UnitRow>(`select * from (${bySku}) u order by u.unit_id`, [shopId, skus]);
}

/** One ledger row to write: a delta of on hand, or an absolute count (`target`), with its note. */
export type MovementInput = {
  unit_id: string;
  delta: number | null;
  target: number | null;
  note: string | null;
};

/**
 * Appends ledger rows for units of the shop, in unit_id order (locks taken in one order everywhere), in one
 * statement; an absolute count that changes nothing writes no row. Answers how many rows were written. The
 * caller checked that every unit is the shop's (a row naming another is left out by the join).
 */
export async function insertMovements(
  tx: Queryable,
  shopId: string,
  reason: StockReason,
  who: { actor: StockActor; staffId: string | null },
  moves: MovementInput[],
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, on_hand_delta, on_hand_target,
                                  actor, staff_id, note)
     select $1, u.unit_id, u.product_id, u.variant_id, $3, coalesce(r.delta, 0), r.target, $4, $5, r.note
       from jsonb_to_recordset($2::jsonb) as r(unit_id text, delta integer, target integer, note text)
       join (${BY_UNIT(6)}) u on u.unit_id = r.unit_id
      order by u.unit_id
     returning id`,
    [shopId, JSON.stringify(moves), reason, who.actor, who.staffId, moves.map((m) => m.unit_id)],
  );
  return rows.length;
}

export type StockSettingsRow = { track: boolean; allow_backorder: boolean; low_threshold: number };

/** Saves a product's stock settings; false when the product is not the shop's. */
export async function upsertStockSettings(
  tx: Queryable,
  shopId: string,
  productId: string,
  settings: StockSettingsRow,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into stock_settings (product_id, shop_id, track, allow_backorder, low_threshold)
     select p.id, p.shop_id, $3, $4, $5 from products p where p.id = $2 and p.shop_id = $1
     on conflict (product_id) do update set track = excluded.track, allow_backorder = excluded.allow_backorder,
       low_threshold = excluded.low_threshold, updated_at = now()
     returning product_id`,
    [shopId, productId, settings.track, settings.allow_backorder, settings.low_threshold],
  );
  return rows.length === 1;
}

/** A unit with its product's settings and its level (0 / 0 before any movement). */
export type UnitStockRow = UnitRow &
  StockSettingsRow & { on_hand: number; held: number; available: number; below: boolean };

/** A unit's columns with its name as a refusal says it: a variant's options after the product's ("Camiseta (Azul, M)"). */
const NAMED = `u.unit_id, u.product_id, u.variant_id, u.sku, u.kilo, u.product_code, u.variant_code,
  case when u.variant_id is null then u.name else stock_unit_name(u.product_id, u.variant_id) end as name`;

/**
 * The stock of every unit of the shop's products `products` (ids, or provider ids with `by: 'code'`), in product
 * then variant order; `named` gives variants their options in the name (what a person reads; a bulk reader skips it).
 */
export async function findUnitStock(
  db: Queryable,
  shopId: string,
  products: string[],
  options: { by?: 'id' | 'code'; named?: boolean } = {},
): Promise<UnitStockRow[]> {
  const column = options.by === 'code' ? 'p.provider_id' : 'p.id';
  const scoped = units({ product: `${column} = any($2::text[])`, variant: `${column} = any($2::text[])` });
  return db.query<UnitStockRow>(
    `select ${options.named ? NAMED : 'u.*'}, coalesce(s.track, false) as track,
            coalesce(s.allow_backorder, false) as allow_backorder,
            coalesce(s.low_threshold, 0) as low_threshold, coalesce(l.on_hand, 0) as on_hand,
            coalesce(l.held, 0) as held, coalesce(l.available, 0) as available,
            coalesce(l.available, 0) <= coalesce(s.low_threshold, 0) as below
       from (${scoped}) u
       left join stock_settings s on s.product_id = u.product_id
       left join stock_levels l on l.unit_id = u.unit_id
       left join product_variants v on v.id = u.variant_id
      order by u.product_id, v.position, u.unit_id`,
    [shopId, products],
  );
}

const TRACKED = units({
  product: 'p.id in (select product_id from stock_settings where shop_id = $1 and track)',
  variant: 'v.product_id in (select product_id from stock_settings where shop_id = $1 and track)',
});

/** Tracked units at or below their product's low threshold, fewest available first. */
export async function findLowStock(db: Queryable, shopId: string, limit: number): Promise<UnitStockRow[]> {
  return db.query<UnitStockRow>(
    `select ${NAMED}, s.track, s.allow_backorder, s.low_threshold, coalesce(l.on_hand, 0) as on_hand,
            coalesce(l.held, 0) as held, coalesce(l.available, 0) as available, true as below
       from stock_settings s
       join (${TRACKED}) u on u.product_id = s.product_id
       left join stock_levels l on l.unit_id = u.unit_id
      where s.shop_id = $1 and s.track and coalesce(l.available, 0) <= s.low_threshold
      order by coalesce(l.available, 0), u.name, u.unit_id
      limit $2`,
    [shopId, limit],
  );
}

export type MovementRow = {
  id: number;
  unit_id: string;
  variant_id: string | null;
  reason: StockReason;
  on_hand_delta: number;
  held_delta: number;
  order_id: string | null;
  actor: StockActor;
  staff_id: string | null;
  note: string | null;
  created_at: Date;
  /** The staff member's name (or e-mail) when staff moved it; the order's number when an order did. */
  staff_name: string | null;
  order_number: number | null;
};

/** A product's ledger rows, newest first, before row `before` when given. */
export async function findMovements(
  db: Queryable,
  shopId: string,
  productId: string,
  before: number | null,
  limit: number,
): Promise<MovementRow[]> {
  return db.query<MovementRow>(
    `select m.id, m.unit_id, m.variant_id, m.reason, m.on_hand_delta, m.held_delta, m.order_id, m.actor, m.staff_id,
            m.note, m.created_at, coalesce(nullif(su.name, ''), su.email) as staff_name, o.number as order_number
       from stock_movements m
       left join staff_users su on su.id = m.staff_id
       left join orders o on o.id = m.order_id and o.shop_id = m.shop_id
      where m.shop_id = $1 and m.product_id = $2 and ($3::bigint is null or m.id < $3)
      order by m.id desc limit $4`,
    [shopId, productId, before, limit],
  );
}

/** Claims an inventory API key in the caller's transaction: null when claimed now, else the first claim's row. */
export async function claimApiKey(
  tx: Queryable,
  shopId: string,
  key: string,
  bodyHash: string,
): Promise<{ body_hash: string; answer: unknown } | null> {
  const claimed = await tx.query(
    `insert into stock_api_requests (shop_id, key, body_hash) values ($1, $2, $3)
     on conflict (shop_id, key) do nothing returning key`,
    [shopId, key, bodyHash],
  );
  if (claimed.length === 1) return null;
  const [row] = await tx.query<{ body_hash: string; answer: unknown }>(
    'select body_hash, answer from stock_api_requests where shop_id = $1 and key = $2',
    [shopId, key],
  );
  return row ?? null;
}

/** Keeps the answer of a claimed key (what a retry answers). */
export async function saveApiAnswer(
  tx: Queryable,
  shopId: string,
  key: string,
  answer: unknown,
): Promise<void> {
  await tx.query('update stock_api_requests set answer = $3 where shop_id = $1 and key = $2', [
    shopId,
    key,
    JSON.stringify(answer),
  ]);
}

/** Turns stock tracking on or off for products of the shop (backorder and threshold kept). */
export async function setTracking(tx: Queryable, shopId: string, productIds: string[], track: boolean) {
  if (productIds.length === 0) return;
  await tx.query(
    `insert into stock_settings (product_id, shop_id, track)
     select p.id, p.shop_id, $3 from products p where p.shop_id = $1 and p.id = any($2::text[])
     on conflict (product_id) do update set track = excluded.track, updated_at = now()`,
    [shopId, productIds, track],
  );
}

/**
 * Sets the low-stock threshold of products of the shop (an outside system's minimum: Tray's `minimum_stock`),
 * tracking and backorder kept; a product without settings gets them untracked (call after the counts that track it).
 */
export async function setLowThresholds(
  tx: Queryable,
  shopId: string,
  thresholds: { productId: string; threshold: number }[],
) {
  if (thresholds.length === 0) return;
  await tx.query(
    `insert into stock_settings (product_id, shop_id, low_threshold)
     select p.id, p.shop_id, t.threshold
       from jsonb_to_recordset($2::jsonb) as t(product_id text, threshold int)
       join products p on p.id = t.product_id and p.shop_id = $1
     on conflict (product_id) do update set low_threshold = excluded.low_threshold, updated_at = now()
       where stock_settings.low_threshold is distinct from excluded.low_threshold`,
    [shopId, JSON.stringify(thresholds.map((t) => ({ product_id: t.productId, threshold: t.threshold })))],
  );
}

/** Turns tracking on for products of the shop that have no stock settings yet (an owner's choice is kept). */
export async function trackUnlessChosen(tx: Queryable, shopId: string, productIds: string[]) {
  if (productIds.length === 0) return;
  await tx.query(
    `insert into stock_settings (product_id, shop_id, track)
     select p.id, p.shop_id, true from products p where p.shop_id = $1 and p.id = any($2::text[])
     on conflict (product_id) do nothing`,
    [shopId, productIds],
  );
}

/**
 * Returned items back on the shelf (issue 34, decision 0050): the order lines received in sellable condition add
 * to their units' on hand with reason 'return' and the order's id, in stock terms (grams of a kilo product, whole
 * units otherwise, as the hold counts them), never more than the order's 'sold' rows took off less what earlier
 * returns put back — so an order that never sold its stock (not finalized, untracked products) returns nothing.
 */
export type ReturnedItem = { itemId: string; quantity: number };

/** Writes the 'return' rows of the order's items; answers how many rows were written. */
export async function returnOrderStock(
  tx: Queryable,
  shopId: string,
  orderId: string,
  who: { actor: StockActor; staffId: string | null },
  items: ReturnedItem[],
  note: string,
): Promise<number> {
  const wanted = items.filter((i) => i.quantity > 0);
  if (wanted.length === 0) return 0;
  const rows = await tx.query<{ id: number }>(
    `with back as (
       select coalesce(i.variant_id, i.product_id) as unit_id, i.product_id, i.variant_id,
              sum(case when p.sold_in_kilo then round(r.quantity * coalesce(p.amount_in_kilo, 1) * 1000)
                       else ceil(r.quantity) end)::integer as wanted
         from jsonb_to_recordset($3::jsonb) as r(item_id text, quantity numeric)
         join order_items i on i.id = r.item_id and i.order_id = $2 and i.shop_id = $1 and not i.is_gift
         join products p on p.id = i.product_id
        group by 1, 2, 3),
     room as (
       select b.*, coalesce((select -sum(m.on_hand_delta) from stock_movements m
                              where m.order_id = $2 and m.unit_id = b.unit_id and m.reason = 'sold'), 0)
                 - coalesce((select sum(m.on_hand_delta) from stock_movements m
                              where m.order_id = $2 and m.unit_id = b.unit_id and m.reason = 'return'), 0)
                 as left_to_return
         from back b)
     insert into stock_movements (shop_id, unit_id, product_id, variant_id, reason, on_hand_delta, order_id,
                                  actor, staff_id, note)
     select $1, unit_id, product_id, variant_id, 'return', least(wanted, left_to_return), $2, $4, $5, $6
       from room where least(wanted, left_to_return) > 0
      order by unit_id
     returning id`,
    [
      shopId,
      orderId,
      JSON.stringify(wanted.map((i) => ({ item_id: i.itemId, quantity: i.quantity }))),
      who.actor,
      who.staffId,
      note,
    ],
  );
  return rows.length;
}

/**
 * Moves order `orderId`'s stock to what its lines now need, by the difference (an accepted edit, decision 0053;
 * stock_edit_order, migrations 0067 and 0080): 'edit' rows — held or released for a Received order, taken off or
 * put back on the shelf for a paid one; 'stock_short' (VS001) when a unit without backorder lacks what the edit
 * adds. Run under the order's row lock, after its new lines are written.
 */
export async function holdOrderEdit(tx: Queryable, orderId: string): Promise<void> {
  await tx.query('select stock_edit_order($1)', [orderId]);
}
