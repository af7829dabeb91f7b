/**
 * The console's stock (issue 31, decision 0044): what a product has, its settings and counts, audited. The stock
 * module keeps the ledger; this flow names the shop's product, records who changed what, and shapes the answers.
 */
import {
  STOCK_MOVEMENTS_PAGE,
  type ProductStock,
  type ProductStockSummary,
  type StockAdjustBody,
  type StockMovementsPage,
  type StockSettingsBody,
  type StockUnit,
} from '@vitrine/contracts/console-stock';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  lowStockUnits,
  moveStock,
  saveStockSettings,
  stockMovements,
  unitStock,
  type UnitStockRow,
} from '../../modules/stock/service.ts';

type ShopActor = Actor & { shopId: string };

const unitWire = (u: UnitStockRow): StockUnit => ({
  unitId: u.unit_id,
  productId: u.product_code,
  variantId: u.variant_code,
  sku: u.sku,
  name: u.name,
  measure: u.kilo ? 'gram' : 'unit',
  onHand: u.on_hand,
  held: u.held,
  available: u.available,
  low: u.track && u.below,
});

/** The units of the shop's product `code`; 404 when it has none (not the shop's). */
async function unitsOf(
  db: Queryable,
  shopId: string,
  code: string,
): Promise<[UnitStockRow, ...UnitStockRow[]]> {
  const units = await unitStock(db, shopId, [code], { by: 'code', named: true });
  if (units.length === 0) throw new AppError('notFound', 'productNotFound');
  return units as [UnitStockRow, ...UnitStockRow[]];
}

/** A page of a product's movements (who, and the order's number), newest first, older than `before` when given. */
async function movementsPage(
  db: Queryable,
  shopId: string,
  productId: string,
  before: number | null,
): Promise<StockMovementsPage> {
  const rows = await stockMovements(db, shopId, productId, before, STOCK_MOVEMENTS_PAGE + 1);
  return {
    more: rows.length > STOCK_MOVEMENTS_PAGE,
    movements: rows.slice(0, STOCK_MOVEMENTS_PAGE).map((m) => ({
      id: Number(m.id),
      unitId: m.unit_id,
      reason: m.reason,
      onHandDelta: m.on_hand_delta,
      heldDelta: m.held_delta,
      orderId: m.order_id,
      actor: m.actor,
      note: m.note,
      at: new Date(m.created_at).toISOString(),
      staffName: m.staff_name,
      orderNumber: m.order_number === null ? null : Number(m.order_number),
    })),
  };
}

/** A product's units, settings and first page of movements; 404 when not the shop's. */
export async function productStockOf(db: Queryable, shopId: string, code: string): Promise<ProductStock> {
  const units = await unitsOf(db, shopId, code);
  const first = units[0];
  return {
    settings: {
      track: first.track,
      allowBackorder: first.allow_backorder,
      lowThreshold: first.low_threshold,
    },
    units: units.map(unitWire),
    ...(await movementsPage(db, shopId, first.product_id, null)),
  };
}

/** The product's movements older than `before` ('Carregar mais'); 404 when the product is not the shop's. */
export async function productMovementsOf(
  db: Queryable,
  shopId: string,
  code: string,
  before: number,
): Promise<StockMovementsPage> {
  const [first] = await unitsOf(db, shopId, code);
  return movementsPage(db, shopId, first.product_id, before);
}

/** The stock of the shop's products `codes` (a list's page): settings, sums over the units, and the units. */
export async function stockSummariesOf(
  db: Queryable,
  shopId: string,
  codes: string[],
): Promise<{ products: ProductStockSummary[] }> {
  const byProduct = new Map<string, UnitStockRow[]>();
  for (const unit of await unitStock(db, shopId, codes, { by: 'code', named: true }))
    byProduct.set(unit.product_code, [...(byProduct.get(unit.product_code) ?? []), unit]);
  const sum = (units: UnitStockRow[], key: 'on_hand' | 'held' | 'available') =>
    units.reduce((total, u) => total + u[key], 0);
  return {
    products: [...byProduct].map(([code, units]) => {
      const first = units[0]!;
      return {
        code,
        track: first.track,
        allowBackorder: first.allow_backorder,
        lowThreshold: first.low_threshold,
        measure: first.kilo ? 'gram' : 'unit',
        onHand: sum(units, 'on_hand'),
        held: sum(units, 'held'),
        available: sum(units, 'available'),
        low: units.some((u) => u.track && u.below),
        units: units.map(unitWire),
      };
    }),
  };
}

/** Saves a product's stock settings and records 'stock.settings' with them. */
export async function editStockSettings(
  db: Db,
  actor: ShopActor,
  code: string,
  body: StockSettingsBody,
): Promise<ProductStock> {
  return db.transaction(async (tx) => {
    const settings = {
      track: body.track,
      allow_backorder: body.allowBackorder,
      low_threshold: body.lowThreshold,
    };
    const [first] = await unitsOf(tx, actor.shopId, code);
    await saveStockSettings(tx, actor.shopId, first.product_id, settings);
    await recordAudit(tx, actor.shopId, actor, 'stock.settings', code, { ...body });
    return productStockOf(tx, actor.shopId, code);
  });
}

/** Adjusts (delta) or counts (onHand) units of the shop with the reason given, all or none, audited. */
export async function adjustStock(
  db: Db,
  actor: ShopActor,
  body: StockAdjustBody,
): Promise<{ moved: number }> {
  return db.transaction(async (tx) => {
    const moves = body.items.map((i) => ({
      unit_id: i.unitId,
      delta: i.delta ?? null,
      target: i.onHand ?? null,
      note: body.note,
    }));
    const moved = await moveStock(
      tx,
      actor.shopId,
      'adjustment',
      { actor: 'staff', staffId: actor.userId },
      moves,
    );
    await recordAudit(tx, actor.shopId, actor, 'stock.adjusted', null, {
      note: body.note,
      items: body.items,
    });
    return { moved };
  });
}

/** The shop's tracked units at or below their low threshold (the home's 'Baixo estoque'). */
export async function lowStockOf(db: Queryable, shopId: string): Promise<{ units: StockUnit[] }> {
  return { units: (await lowStockUnits(db, shopId, 100)).map(unitWire) };
}
