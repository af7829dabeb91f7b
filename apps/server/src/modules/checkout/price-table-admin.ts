/**
 * The console's side of price tables (issue 18, decision 0039): list, create, rename, delete (refused while a
 * store names the table), a page of the prices editor, and saving prices by product or variant, each change in
 * pt-BR words for the audit log's old → new values.
 */
import { diffForAudit, type AuditChange } from '@vitrine/contracts/audit-changes';
import type {
  ConsolePriceTable,
  PricePage,
  PriceRow,
  PriceTableBody,
} from '@vitrine/contracts/console-price-tables';
import { formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deletePriceTable,
  insertPriceTable,
  listPriceTableRows,
  nameTaken,
  priceLines,
  priceTargets,
  renamePriceTable,
  writePrices,
  type PriceLineRow,
  type PriceTableRow,
} from './price-table-repository.ts';

export const priceTableNotFound = () => new AppError('notFound', 'priceTableNotFound');

const tableView = (row: PriceTableRow): ConsolePriceTable => ({
  id: row.id,
  name: row.name,
  prices: row.prices,
  stores: row.stores,
});

export async function shopPriceTables(db: Queryable, shopId: string): Promise<ConsolePriceTable[]> {
  return (await listPriceTableRows(db, shopId)).map(tableView);
}

/** The shop's tables by id with their provider ids (what stores and checkouts name). */
export async function priceTableIds(db: Queryable, shopId: string) {
  return new Map((await listPriceTableRows(db, shopId)).map((t) => [t.id, t.provider_id]));
}

/** The shop's table `id` (404 otherwise). */
export async function tableOf(db: Queryable, shopId: string, id: string): Promise<PriceTableRow> {
  const row = (await listPriceTableRows(db, shopId)).find((t) => t.id === id);
  if (!row) throw priceTableNotFound();
  return row;
}

async function guardName(tx: Queryable, shopId: string, name: string, exceptId: string | null) {
  if (await nameTaken(tx, shopId, name, exceptId)) throw new AppError('conflict', 'priceTableNameTaken');
}

export type TableSaved = { table: ConsolePriceTable; changes: AuditChange[] };

export async function createPriceTable(
  tx: Queryable,
  shopId: string,
  body: PriceTableBody,
): Promise<TableSaved> {
  await guardName(tx, shopId, body.name, null);
  const id = await insertPriceTable(tx, shopId, body.name);
  const table = tableView(await tableOf(tx, shopId, id));
  return { table, changes: diffForAudit({ name: 'Nome' }, null, { name: table.name }) };
}

export async function renameTable(tx: Queryable, shopId: string, id: string, body: PriceTableBody) {
  const before = await tableOf(tx, shopId, id);
  await guardName(tx, shopId, body.name, id);
  if (!(await renamePriceTable(tx, shopId, id, body.name))) throw priceTableNotFound();
  const table = tableView(await tableOf(tx, shopId, id));
  return { table, changes: diffForAudit({ name: 'Nome' }, { name: before.name }, { name: table.name }) };
}

/** Deletes a table no store names (409 naming the stores otherwise); answers its name and price count. */
export async function removePriceTable(tx: Queryable, shopId: string, id: string) {
  const before = await tableOf(tx, shopId, id);
  if (before.stores.length > 0)
    throw new AppError('conflict', 'priceTableInUse', { stores: before.stores.join(', ') });
  if (!(await deletePriceTable(tx, shopId, id))) throw priceTableNotFound();
  return { name: before.name, prices: before.prices };
}

const rowView = (row: PriceLineRow): PriceRow => ({
  productId: row.product_id,
  variantId: row.variant_id,
  code: row.code,
  sku: row.sku,
  name: row.name,
  variant: row.variant,
  catalogueCents: row.catalogue_cents,
  tableCents: row.table_cents,
});

/** A page of the prices editor: `size` products matching `q` from `offset`, each with its variants. */
export async function pricePageOf(
  db: Queryable,
  shopId: string,
  tableId: string,
  q: string,
  offset: number,
  size: number,
): Promise<PricePage> {
  const table = tableView(await tableOf(db, shopId, tableId));
  const { total, rows } = await priceLines(db, shopId, tableId, q, offset, size);
  return {
    table,
    rows: rows.map(rowView),
    total,
    nextOffset: offset + size < total ? offset + size : null,
  };
}

/** Every line of the table's products and variants (the CSV export). */
export async function allPriceRows(db: Queryable, shopId: string, tableId: string) {
  const table = tableView(await tableOf(db, shopId, tableId));
  const { rows } = await priceLines(db, shopId, tableId, '', 0, null);
  return { table, rows: rows.map(rowView) };
}

export type PriceInput = { productId: string; variantId: string | null; priceCents: number | null };
const CATALOGUE = 'Preço do catálogo';
const priceWords = (cents: number | null) => (cents === null ? CATALOGUE : formatBRL(cents));
const keyOf = (productId: string, variantId: string | null) => `${productId}:${variantId ?? ''}`;

/**
 * Saves prices of the table (null: none, the catalogue's applies); 404 when the table or a product or variant is
 * not the shop's. Answers what changed, one audit row per line ('Arroz — Tamanho: G (SKU X)': old → new).
 */
export async function savePrices(tx: Queryable, shopId: string, tableId: string, prices: PriceInput[]) {
  const table = await tableOf(tx, shopId, tableId);
  const wanted = new Map(prices.map((p) => [keyOf(p.productId, p.variantId), p]));
  const targets = await priceTargets(
    tx,
    shopId,
    tableId,
    [...wanted.values()].map((p) => ({ product_id: p.productId, variant_id: p.variantId })),
  );
  if (targets.length !== wanted.size)
    throw new AppError('notFound', 'priceTableProductsUnknown', { count: wanted.size - targets.length });
  const changes: AuditChange[] = [];
  const writes: { product_id: string; variant_id: string | null; price_cents: number | null }[] = [];
  for (const t of targets) {
    const next = wanted.get(keyOf(t.product_id, t.variant_id))!.priceCents;
    if (next === t.table_cents) continue;
    writes.push({ product_id: t.product_id, variant_id: t.variant_id, price_cents: next });
    changes.push({
      label: `${t.name}${t.variant ? ` — ${t.variant}` : ''} (SKU ${t.sku})`,
      before: priceWords(t.table_cents),
      after: priceWords(next),
    });
  }
  await writePrices(tx, shopId, tableId, writes);
  return { name: table.name, changes, unchanged: targets.length - writes.length };
}
