/**
 * The stock module's public face (issue 31, decision 0044): per sellable unit (a product without variants, or a
 * variant) on hand and held are sums of an append-only ledger kept by the database (migration 0050). Orders and
 * charges move stock by themselves (their status triggers); this face writes what people and systems count.
 */
import type { StockActor, StockReason } from '@vitrine/contracts/stock';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findLowStock,
  findMovements,
  findUnitStock,
  findUnits,
  findUnitsBySku,
  insertMovements,
  upsertStockSettings,
  type MovementInput,
  type StockSettingsRow,
} from './repository.ts';

export { stockRefusalOf } from './refusal.ts';
export { canHoldOrder } from './hold-check.ts';
export { soldOutDays } from './sold-out.ts';
export type { MovementInput, MovementRow, StockSettingsRow, UnitRow, UnitStockRow } from './repository.ts';

/** Who writes a movement: staff (with their id), the platform key, or the system (imports, Tray). */
export type StockWho = { actor: StockActor; staffId: string | null };

/**
 * Appends the movements (deltas with their note, or absolute counts) of units of the shop in one statement, in
 * unit order: all or nothing. 404 when a unit is not the shop's; 409 'stockBelowHeld' (through stockRefusalOf)
 * when on hand would fall below what confirmed orders hold without backorder. Answers the rows written.
 */
export async function moveStock(
  tx: Queryable,
  shopId: string,
  reason: StockReason,
  who: StockWho,
  moves: MovementInput[],
): Promise<number> {
  const written = moves.filter((m) => m.target !== null || (m.delta ?? 0) !== 0);
  if (written.length === 0) return 0;
  const ids = [...new Set(written.map((m) => m.unit_id))];
  if ((await findUnits(tx, shopId, ids)).length !== ids.length) {
    throw new AppError('notFound', 'stockUnitNotFound');
  }
  return insertMovements(tx, shopId, reason, who, written);
}

/** Saves a product's stock settings (tracking, backorder, low threshold); 404 when not the shop's product. */
export async function saveStockSettings(
  tx: Queryable,
  shopId: string,
  productId: string,
  settings: StockSettingsRow,
): Promise<void> {
  if (!(await upsertStockSettings(tx, shopId, productId, settings))) {
    throw new AppError('notFound', 'productNotFound');
  }
}

export { findLowStock as lowStockUnits, findMovements as stockMovements, findUnitStock as unitStock };
export { findUnitsBySku as unitsBySku };
export { putInventory, readInventory } from './inventory.ts';
export { countStock, type CountOptions, type UnitCount } from './counts.ts';
export { holdOrderEdit, returnOrderStock, setLowThresholds, type ReturnedItem } from './repository.ts';
