/**
 * Counts from outside the shop's own screens (issue 31, decision 0044): the spreadsheet's 'Estoque' column and
 * Tray's `stock` set units' on hand as absolute counts (`on_hand_target`: the delta is taken under the unit's row
 * lock), in the caller's transaction — the import's batch, or the Tray page — so the catalogue and its stock commit
 * together. Units are named by their product and, for a variant, its code (Tray's id) or its SKU (the sheet's).
 */
import type { StockReason } from '@vitrine/contracts/stock';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertMovements, setTracking, trackUnlessChosen } from './repository.ts';

/** A count of one unit: the product's own (no variant named) or one of its variants. */
export type UnitCount = {
  productId: string;
  variantCode: string | null;
  variantSku: string | null;
  onHand: number;
};

export type CountOptions = {
  /**
   * 'on': the counted products are tracked from now on (a count typed in the sheet is the owner's choice);
   * 'unless-chosen': tracked unless the product has stock settings already (Tray: the owner's switch stays).
   */
  track: 'on' | 'unless-chosen';
  /**
   * A count below what confirmed orders hold, on a product without backorder: 'refuse' (409 stockBelowHeld, the
   * caller's transaction rolls back) or 'hold' (on hand = what is held, noted: the outside count ignores our orders).
   */
  belowHeld: 'refuse' | 'hold';
};

type Resolved = { i: number; unit_id: string; product_id: string; held: number; allow_backorder: boolean };

/** The units the counts name (absent: no such unit in the shop), their level rows locked in unit order. */
async function resolve(tx: Queryable, shopId: string, counts: UnitCount[]): Promise<Resolved[]> {
  const wanted = counts.map((c, i) => ({
    i,
    product_id: c.productId,
    variant_code: c.variantCode,
    variant_sku: c.variantSku,
  }));
  const units = await tx.query<{ i: number; unit_id: string; product_id: string }>(
    `select r.i, u.unit_id, r.product_id
       from jsonb_to_recordset($2::jsonb) as r(i int, product_id text, variant_code text, variant_sku text)
       join lateral (
         select p.id as unit_id from products p
          where p.shop_id = $1 and p.id = r.product_id and r.variant_code is null and r.variant_sku is null
            and not exists (select 1 from product_variants x where x.product_id = p.id)
         union all
         select v.id from product_variants v join products p on p.id = v.product_id
          where p.shop_id = $1 and v.product_id = r.product_id
            and (v.provider_id = r.variant_code or (r.variant_code is null and v.sku = r.variant_sku))
         limit 1) u on true`,
    [shopId, JSON.stringify(wanted)],
  );
  const levels = await tx.query<{ unit_id: string; held: number; allow_backorder: boolean }>(
    `select unit_id, held, allow_backorder from stock_levels
      where unit_id = any($1::text[]) order by unit_id for update`,
    [units.map((u) => u.unit_id)],
  );
  const level = new Map(levels.map((l) => [l.unit_id, l]));
  return units.map((u) => ({
    ...u,
    held: level.get(u.unit_id)?.held ?? 0,
    allow_backorder: level.get(u.unit_id)?.allow_backorder ?? false,
  }));
}

/**
 * Sets the on hand of the counted units (`reason`: 'import' or 'tray_sync', by the system) and their products'
 * tracking, in `tx`; a count that changes nothing writes no row. Answers the ledger rows written.
 */
export async function countStock(
  tx: Queryable,
  shopId: string,
  reason: StockReason,
  counts: UnitCount[],
  options: CountOptions,
): Promise<number> {
  if (counts.length === 0) return 0;
  const units = await resolve(tx, shopId, counts);
  const products = [...new Set(units.map((u) => u.product_id))];
  if (options.track === 'on') await setTracking(tx, shopId, products, true);
  else await trackUnlessChosen(tx, shopId, products);
  const moves = units.map((u) => {
    const onHand = counts[u.i]!.onHand;
    const short = onHand < u.held && !u.allow_backorder;
    if (short && options.belowHeld === 'refuse') throw new AppError('conflict', 'stockBelowHeld');
    return {
      unit_id: u.unit_id,
      delta: null,
      target: short ? u.held : onHand,
      note: short ? `Contagem ${onHand}; ${u.held} reservado(s) por pedidos confirmados.` : null,
    };
  });
  return insertMovements(tx, shopId, reason, { actor: 'system', staffId: null }, moves);
}
