/**
 * The stock side of a catalogue import (issue 31, decision 0044): what the sheet's 'Estoque' cells would change
 * (the preview lists it), and the counts the import job writes in each batch's transaction as 'import' movements.
 */
import type { SheetStockChange } from '@vitrine/contracts/catalog-sheet';
import { STOCK_CHANGES_SHOWN } from '@vitrine/contracts/catalog-sheet';
import type { Queryable } from '../../db/client.ts';
import type { SheetProduct } from '../../modules/catalog-import/service.ts';
import { countStock, unitStock, type UnitStockRow } from '../../modules/stock/service.ts';

/** The stock changes the preview shows: how many, and the first few in row order. */
export type StockPreview = { count: number; changes: SheetStockChange[] };

/** The name a change shows: the product's, with the variant's options ('Camiseta (P, Azul)'). */
function unitName(product: SheetProduct, variantSku: string | null): string {
  const variant = product.input.variants.find((v) => v.sku === variantSku);
  const options = variant ? Object.values(variant.options).join(', ') : '';
  return options ? `${product.input.name} (${options})` : product.input.name;
}

/**
 * Adds to `preview` the changes the sheet's stock cells of `chunk` would make, and answers them all by product
 * code; `stored` maps a product code to the stored product's id (absent: the import creates it).
 */
export async function previewStock(
  db: Queryable,
  shopId: string,
  chunk: SheetProduct[],
  stored: Map<string, { id: string }>,
  preview: StockPreview,
): Promise<Map<string, SheetStockChange[]>> {
  const byCode = new Map<string, SheetStockChange[]>();
  const counted = chunk.filter((p) => p.stock.length > 0);
  if (counted.length === 0) return byCode;
  const ids = counted.flatMap((p) => {
    const id = stored.get(p.input.code)?.id;
    return id ? [id] : [];
  });
  const units = new Map<string, UnitStockRow>();
  for (const unit of await unitStock(db, shopId, ids))
    units.set(`${unit.product_id}:${unit.variant_id === null ? '' : unit.sku}`, unit);
  for (const product of counted) {
    const id = stored.get(product.input.code)?.id;
    for (const cell of product.stock) {
      const unit = id ? units.get(`${id}:${cell.variantSku ?? ''}`) : undefined;
      const from = unit?.track ? unit.on_hand : null;
      if (from === cell.onHand) continue;
      const change = {
        row: cell.row,
        sku: cell.variantSku ?? product.input.sku,
        name: unitName(product, cell.variantSku),
        from,
        to: cell.onHand,
      };
      preview.count++;
      if (preview.changes.length < STOCK_CHANGES_SHOWN) preview.changes.push(change);
      byCode.set(product.input.code, [...(byCode.get(product.input.code) ?? []), change]);
    }
  }
  return byCode;
}

/**
 * Writes the stock cells of saved products (`saved[i]` is the id of `batch[i]`) as 'import' counts in the batch's
 * transaction; a counted product is tracked from now on. 409 stockBelowHeld when a count is below what confirmed
 * orders hold (the batch is then written product by product and that one refused).
 */
export function writeStock(tx: Queryable, shopId: string, batch: SheetProduct[], saved: string[]) {
  return countStock(
    tx,
    shopId,
    'import',
    batch.flatMap((product, i) =>
      product.stock.map((cell) => ({
        productId: saved[i]!,
        variantCode: null,
        variantSku: cell.variantSku,
        onHand: cell.onHand,
      })),
    ),
    { track: 'on', belowHeld: 'refuse' },
  );
}
