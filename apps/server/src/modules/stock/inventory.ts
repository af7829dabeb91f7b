/**
 * The inventory API of ERPs and the chatbot platform (issue 31, decision 0044): read units by SKU, and set their
 * on hand in absolute counts — all rows or none, a retry with the same Idempotency-Key moving nothing.
 */
import { createHash } from 'node:crypto';
import type { InventoryPutBody, InventoryPutResult, InventoryUnit } from '@vitrine/contracts/stock-api';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  claimApiKey,
  findUnitStock,
  findUnitsBySku,
  insertMovements,
  saveApiAnswer,
  setTracking,
  type UnitRow,
  type UnitStockRow,
} from './repository.ts';

/** At most this many SKUs are named in a refusal (the rest are counted). */
const NAMED = 20;

function named(skus: string[]): string {
  const shown = skus.slice(0, NAMED).join(', ');
  return skus.length > NAMED ? `${shown} e mais ${skus.length - NAMED}` : shown;
}

const wire = (u: UnitStockRow): InventoryUnit => ({
  sku: u.sku,
  name: u.name,
  productId: u.product_code,
  variantId: u.variant_code,
  tracked: u.track,
  allowBackorder: u.allow_backorder,
  measure: u.kilo ? 'gram' : 'unit',
  onHand: u.on_hand,
  held: u.held,
  available: u.available,
});

/** The units of `skus` with their stock, in SKU order (unknown SKUs are absent; 400 past 100 SKUs). */
export async function readInventory(
  db: Queryable,
  shopId: string,
  skuList: string,
): Promise<InventoryUnit[]> {
  const skus = [
    ...new Set(
      skuList
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (skus.length > 100) throw new AppError('validation', 'inventoryTooManySkus');
  const units = await findUnitsBySku(db, shopId, skus);
  const ids = new Set(units.map((u) => u.unit_id));
  const stock = await findUnitStock(db, shopId, [...new Set(units.map((u) => u.product_id))]);
  return stock
    .filter((u) => ids.has(u.unit_id))
    .map(wire)
    .sort((a, b) => a.sku.localeCompare(b.sku));
}

/** Each SKU of the body to its one unit; 422 naming the repeated, unknown or shared SKUs (nothing applied). */
function unitOfEachSku(body: InventoryPutBody, units: UnitRow[]): Map<string, UnitRow> {
  const skus = body.items.map((i) => i.sku);
  const repeated = [...new Set(skus.filter((s, i) => skus.indexOf(s) !== i))];
  if (repeated.length)
    throw new AppError('unprocessable', 'inventoryDuplicateSkus', { skus: named(repeated) });
  const bySku = new Map<string, UnitRow[]>();
  for (const unit of units) bySku.set(unit.sku, [...(bySku.get(unit.sku) ?? []), unit]);
  const unknown = skus.filter((s) => !bySku.has(s));
  if (unknown.length) throw new AppError('unprocessable', 'inventoryUnknownSkus', { skus: named(unknown) });
  const shared = skus.filter((s) => bySku.get(s)!.length > 1);
  if (shared.length) throw new AppError('unprocessable', 'inventoryAmbiguousSkus', { skus: named(shared) });
  return new Map(skus.map((s) => [s, bySku.get(s)![0]!]));
}

/**
 * Sets the on hand of every SKU of `body` (absolute counts, grams for kilo products) in one transaction: 422
 * naming the SKUs when any is repeated, unknown, shared by several units or would fall below what confirmed
 * orders hold — then nothing is applied. With `key`, a retry with the same body answers the first answer and
 * moves nothing; the same key with another body is 422.
 */
export async function putInventory(
  db: Db,
  shopId: string,
  body: InventoryPutBody,
  key: string | null,
): Promise<InventoryPutResult> {
  const hash = createHash('sha256').update(JSON.stringify(body.items)).digest('base64url');
  return db.transaction(async (tx) => {
    if (key) {
      const first = await claimApiKey(tx, shopId, key, hash);
      if (first && first.body_hash !== hash) throw new AppError('unprocessable', 'idempotencyKeyReused');
      if (first) return first.answer as InventoryPutResult;
    }
    const bySku = unitOfEachSku(
      body,
      await findUnitsBySku(
        tx,
        shopId,
        body.items.map((i) => i.sku),
      ),
    );
    const levels = new Map(
      (await findUnitStock(tx, shopId, [...new Set([...bySku.values()].map((u) => u.product_id))])).map(
        (u) => [u.unit_id, u],
      ),
    );
    const below = body.items.filter((i) => {
      const level = levels.get(bySku.get(i.sku)!.unit_id);
      return level !== undefined && !level.allow_backorder && i.onHand < level.held;
    });
    if (below.length) {
      throw new AppError('unprocessable', 'inventoryBelowHeld', { skus: named(below.map((i) => i.sku)) });
    }
    const moves = body.items.map((i) => ({
      unit_id: bySku.get(i.sku)!.unit_id,
      delta: null,
      target: i.onHand,
      note: null,
    }));
    for (const track of [true, false]) {
      const products = body.items.filter((i) => i.track === track).map((i) => bySku.get(i.sku)!.product_id);
      await setTracking(tx, shopId, [...new Set(products)], track);
    }
    const applied = await insertMovements(
      tx,
      shopId,
      'inventory_api',
      { actor: 'platform', staffId: null },
      moves,
    );
    const answer = { applied, unchanged: body.items.length - applied };
    if (key) await saveApiAnswer(tx, shopId, key, answer);
    return answer;
  });
}
