/**
 * Console 'Vendas › Tabelas de preço' (issue 18, decision 0039): an owner or manager creates, renames and deletes
 * a shop's price tables and sets their prices by product or variant, by hand or from a CSV in the catalogue
 * sheet's conventions. Each change and its audit entry (old → new in pt-BR words) commit together. The checkout
 * reads table prices from the database whenever a line is written or repriced, so the next cart line on every
 * instance takes a change at once; lines already in a cart keep their price until the cart reprices them.
 */
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';
import type { PriceImportResult, PriceTableBody } from '@vitrine/contracts/console-price-tables';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  parsePriceSheet,
  priceSheetCsv,
  PriceSheetUnreadable,
} from '../../modules/catalog-import/service.ts';
import {
  allPriceRows,
  createPriceTable,
  removePriceTable,
  renameTable,
  savePrices,
  tableOf,
  type PriceInput,
  skuTargets,
} from '../../modules/checkout/service.ts';

export type PriceActor = Actor & { shopId: string };
/** The audit entry of an import keeps this many old → new rows (the count says how many changed). */
const AUDITED_ROWS = 200;

export function addPriceTable(db: Db, actor: PriceActor, body: PriceTableBody) {
  return db.transaction(async (tx) => {
    const { table, changes } = await createPriceTable(tx, actor.shopId, body);
    await recordAudit(tx, actor.shopId, actor, 'price-table.created', table.id, {
      name: table.name,
      changes,
    });
    return table;
  });
}

export function changePriceTable(db: Db, actor: PriceActor, id: string, body: PriceTableBody) {
  return db.transaction(async (tx) => {
    const { table, changes } = await renameTable(tx, actor.shopId, id, body);
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'price-table.renamed', id, { name: table.name, changes });
    return table;
  });
}

export async function deletePriceTable(db: Db, actor: PriceActor, id: string) {
  await db.transaction(async (tx) => {
    const { name, prices } = await removePriceTable(tx, actor.shopId, id);
    await recordAudit(tx, actor.shopId, actor, 'price-table.removed', id, {
      name,
      changes: [{ label: 'Tabela', before: `${name} (${prices} preço(s))`, after: '—' }],
    });
  });
  return { removed: true };
}

export async function setTablePrices(db: Db, actor: PriceActor, id: string, prices: PriceInput[]) {
  return db.transaction(async (tx) => {
    const { name, changes } = await savePrices(tx, actor.shopId, id, prices);
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'price-table.prices.changed', id, { name, changes });
    return { changed: changes.length };
  });
}

/** The table's prices as the CSV file (every product and variant of the shop, a blank price where none). */
export async function priceTableCsv(db: Db, shopId: string, id: string) {
  const { table, rows } = await allPriceRows(db, shopId, id);
  return {
    name: table.name,
    csv: priceSheetCsv(
      rows.map((r) => ({
        code: r.code,
        name: r.name,
        sku: r.sku,
        variant: r.variantId === null ? null : (r.variant ?? r.sku),
        catalogueCents: r.catalogueCents,
        tableCents: r.tableCents,
      })),
    ),
  };
}

/**
 * Imports a table's prices from a CSV, all or nothing: rows are matched by SKU (a product's, or a variant's in
 * 'SKU da variação'); with any row refused (unknown or ambiguous SKU, a bad price, a line twice) nothing is
 * written and the answer lists the rows; else every price is written in one transaction with its audit entry.
 * An unreadable file is a 400 with its pt-BR reason.
 */
export async function importTablePrices(
  db: Db,
  actor: PriceActor,
  id: string,
  file: Uint8Array,
): Promise<PriceImportResult> {
  let sheet;
  try {
    sheet = parsePriceSheet(file);
  } catch (error) {
    if (error instanceof PriceSheetUnreadable)
      throw new AppError('validation', 'priceSheetUnreadable', { detail: error.message });
    throw error;
  }
  return db.transaction(async (tx) => {
    await tableOf(tx, actor.shopId, id);
    const skus = [...new Set(sheet.rows.flatMap((r) => [r.sku, r.variantSku ?? ''].filter(Boolean)))];
    const known = await skuTargets(tx, actor.shopId, skus);
    const refused: SheetRefusal[] = [...sheet.refused];
    const prices: PriceInput[] = [];
    const seen = new Map<string, number>();
    for (const r of sheet.rows) {
      const column = r.variantSku === null ? 'SKU' : 'SKU da variação';
      const sku = r.variantSku ?? r.sku;
      const matches = known.filter((k) =>
        r.variantSku === null
          ? k.variant_id === null && k.sku === r.sku
          : k.variant_id !== null && k.sku === r.variantSku && (r.sku === '' || k.product_sku === r.sku),
      );
      if (matches.length === 0) {
        refused.push({ row: r.row, column, message: `SKU não encontrado no catálogo: ${sku}.` });
        continue;
      }
      if (matches.length > 1) {
        refused.push({ row: r.row, column, message: `Mais de um item do catálogo tem o SKU ${sku}.` });
        continue;
      }
      const match = matches[0]!;
      const key = `${match.product_id}:${match.variant_id ?? ''}`;
      const first = seen.get(key);
      if (first !== undefined) {
        refused.push({ row: r.row, column, message: `SKU repetido: já está na linha ${first}.` });
        continue;
      }
      seen.set(key, r.row);
      prices.push({ productId: match.product_id, variantId: match.variant_id, priceCents: r.priceCents });
    }
    refused.sort((a, b) => a.row - b.row);
    const result = { rowCount: sheet.rowCount, refused };
    if (refused.length > 0 || prices.length === 0) {
      if (prices.length === 0 && refused.length === 0)
        refused.push({ row: 1, column: 'SKU', message: 'A planilha não tem nenhuma linha de preço.' });
      return { ...result, applied: false, changed: 0, unchanged: 0 };
    }
    const { name, changes, unchanged } = await savePrices(tx, actor.shopId, id, prices);
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'price-table.imported', id, {
        name,
        count: changes.length,
        changes: changes.slice(0, AUDITED_ROWS),
      });
    return { ...result, applied: true, changed: changes.length, unchanged };
  });
}
