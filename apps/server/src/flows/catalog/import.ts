/**
 * An owner or manager imports a catalogue spreadsheet (issue 17, docs/decisions/0033-catalogue-spreadsheets.md):
 * the upload is read and every product checked with the product contract, then counted against what is stored
 * (created, changed, unchanged) and kept with its refused rows as a preview — nothing of the catalogue is written.
 * Confirming queues it for the import worker (flows/catalog/run-import.ts).
 */
import { PRODUCT_CHANGES_SHOWN, type CatalogImport } from '@vitrine/contracts/catalog-sheet';
import type { ProductInput } from '@vitrine/contracts/console-catalog';
import { descriptionText } from '@vitrine/contracts/description-text';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvText } from '../../lib/csv.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  cancelPreview,
  findJob,
  insertPreview,
  latestJob,
  queueJob,
  refusedRows,
  toCatalogImport,
  parseSheet,
  SheetUnreadable,
  type SheetProduct,
} from '../../modules/catalog-import/service.ts';
import {
  listConsoleCategories,
  readProductInputs,
  changedParts,
  normalised,
} from '../../modules/catalog/service.ts';
import { findImagesOfProducts, imagesAfter } from '../../modules/photos/service.ts';
import type { CatalogActor } from './edit.ts';
import { fieldChanges } from './import-diff.ts';
import { previewStock, type StockPreview } from './import-stock.ts';

/** Products compared with the stored ones per read. */
const COMPARE_CHUNK = 500;
/** Stands for a category the import would create: a product naming it would change. */
const NEW_CATEGORY = '\u0000nova';

/** A category path's key: its names without case or accents, as `ensureCategoryPath` matches them. */
export const pathKey = (names: string[]) =>
  names
    .map((n) =>
      n
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .trim(),
    )
    .join('>');

/** The shop's categories by path key → code, and code → path names. */
export async function categoryPaths(db: Queryable, shopId: string) {
  const categories = await listConsoleCategories(db, shopId);
  const byCode = new Map(categories.map((c) => [c.code, c]));
  const namesOf = new Map<string, string[]>();
  const names = (code: string, depth = 0): string[] => {
    const known = namesOf.get(code);
    if (known) return known;
    const c = byCode.get(code);
    if (!c) return [];
    const path = [...(c.parentCode && depth < 50 ? names(c.parentCode, depth + 1) : []), c.name];
    namesOf.set(code, path);
    return path;
  };
  const codeOf = new Map<string, string>();
  for (const c of categories) {
    const key = pathKey(names(c.code));
    if (!codeOf.has(key)) codeOf.set(key, c.code);
  }
  return { codeOf, namesOf: (code: string) => names(code) };
}

/**
 * Counts what writing `products` would do, reading the stored ones in chunks, and lists the first products created
 * or changed with their cells before → after.
 */
async function countChanges(
  db: Queryable,
  shopId: string,
  products: SheetProduct[],
): Promise<CatalogImport['preview']> {
  const { codeOf, namesOf } = await categoryPaths(db, shopId);
  const counts = { created: 0, changed: 0, unchanged: 0 };
  const stock: StockPreview = { count: 0, changes: [] };
  const listed: CatalogImport['preview']['products'] = [];
  const list = (
    p: SheetProduct,
    kind: 'created' | 'changed',
    fields: CatalogImport['preview']['products'][0]['fields'],
  ) => {
    if (listed.length < PRODUCT_CHANGES_SHOWN)
      listed.push({ row: p.rows[0]!, code: p.input.code, name: p.input.name, kind, fields });
  };
  for (let at = 0; at < products.length; at += COMPARE_CHUNK) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve)); // let other requests in (PGlite)
    const chunk = products.slice(at, at + COMPARE_CHUNK);
    const stored = await readProductInputs(
      db,
      shopId,
      chunk.map((p) => p.input.code),
    );
    const images = await findImagesOfProducts(
      db,
      shopId,
      [...stored.values()].map((s) => s.id),
    );
    const stockOf = await previewStock(db, shopId, chunk, stored, stock);
    for (const p of chunk) {
      const before = stored.get(p.input.code);
      const stockChanges = stockOf.get(p.input.code) ?? [];
      if (!before) {
        counts.created++;
        list(
          p,
          'created',
          fieldChanges(
            null,
            { input: p.input, categoryPath: p.categoryPath, images: 0 },
            false,
            stockChanges,
          ),
        );
        continue;
      }
      const categoryCode =
        p.categoryPath.length === 0 ? null : (codeOf.get(pathKey(p.categoryPath)) ?? NEW_CATEGORY);
      const next: ProductInput = normalised({ ...p.input, categoryCode });
      // the writer keeps the stored markup of a description whose text is the same (mode 'sheet')
      if (descriptionText(before.input.description) === descriptionText(next.description))
        next.description = before.input.description;
      const current = images.get(before.id) ?? [];
      const imagesChange = imagesDiffer(current, p.images);
      const changed = changedParts(before.input, next).length > 0 || imagesChange;
      if (changed) counts.changed++;
      else counts.unchanged++;
      if (!changed && stockChanges.length === 0) continue;
      const beforePath = before.input.categoryCode ? namesOf(before.input.categoryCode) : [];
      const afterPath = pathKey(p.categoryPath) === pathKey(beforePath) ? beforePath : p.categoryPath;
      list(
        p,
        'changed',
        fieldChanges(
          { input: before.input, categoryPath: beforePath, images: current.length },
          { input: next, categoryPath: afterPath, images: p.images?.length ?? current.length },
          imagesChange,
          stockChanges,
        ),
      );
    }
  }
  return { ...counts, stock, products: listed };
}

/** Whether the sheet's image list would change the product's images (an unknown photo: the write refuses it). */
function imagesDiffer(current: { url: string }[], wanted: string[] | null) {
  if (wanted === null) return false;
  try {
    return imagesAfter(current, wanted).join('\n') !== current.map((i) => i.url).join('\n');
  } catch {
    return true;
  }
}

/** Reads and checks an upload and keeps it as a preview; nothing of the catalogue is written. */
export async function previewCatalogImport(db: Db, actor: CatalogActor, fileName: string, file: Buffer) {
  let sheet;
  try {
    sheet = parseSheet(file);
  } catch (error) {
    if (error instanceof SheetUnreadable)
      throw new AppError('unprocessable', 'catalogSheetUnreadable', { detail: error.message });
    throw error;
  }
  const preview = await countChanges(db, actor.shopId, sheet.products);
  const row = await insertPreview(db, {
    shopId: actor.shopId,
    fileName,
    file,
    createdBy: actor.userId,
    total: sheet.products.length,
    preview,
    refused: sheet.refused,
  });
  return toCatalogImport(row);
}

/** Confirms a preview: the import worker of some instance picks it up. */
export async function startCatalogImport(db: Db, actor: CatalogActor, id: string) {
  return db.transaction(async (tx) => {
    const job = await findJob(tx, actor.shopId, id);
    if (!job) throw new AppError('notFound', 'catalogImportNotFound');
    if (job.status === 'preview' && job.total === 0)
      throw new AppError('unprocessable', 'catalogImportEmpty');
    const queued = await queueJob(tx, actor.shopId, id);
    if (queued === 'pending') throw new AppError('conflict', 'catalogImportPending');
    if (queued === 'gone') throw new AppError('conflict', 'catalogImportConfirmed');
    const { stock, ...counts } = job.preview;
    await recordAudit(tx, actor.shopId, actor, 'catalog.import', id, {
      fileName: job.file_name,
      total: job.total,
      ...counts,
      stockChanges: stock?.count ?? 0,
    });
    return toCatalogImport((await findJob(tx, actor.shopId, id))!);
  });
}

export async function cancelCatalogImport(db: Db, shopId: string, id: string) {
  if (!(await cancelPreview(db, shopId, id))) {
    if (!(await findJob(db, shopId, id))) throw new AppError('notFound', 'catalogImportNotFound');
    throw new AppError('conflict', 'catalogImportConfirmed');
  }
  return toCatalogImport((await findJob(db, shopId, id))!);
}

export async function readCatalogImport(db: Queryable, shopId: string, id: string) {
  const job = await findJob(db, shopId, id);
  if (!job) throw new AppError('notFound', 'catalogImportNotFound');
  return toCatalogImport(job);
}

/** The shop's latest confirmed import (null: none yet) — what the console shows after a reload. */
export async function latestCatalogImport(db: Queryable, shopId: string) {
  const job = await latestJob(db, shopId);
  return job ? toCatalogImport(job) : null;
}

/** The refused rows as CSV (Linha; Coluna; Motivo), `;`-separated with a BOM like the sheet. */
export async function refusedReportCsv(db: Queryable, shopId: string, id: string): Promise<string> {
  const rows = await refusedRows(db, shopId, id);
  if (!rows) throw new AppError('notFound', 'catalogImportNotFound');
  return csvText(
    ['Linha', 'Coluna', 'Motivo'],
    rows.map((r) => [String(r.row), r.column, r.message]),
  );
}
