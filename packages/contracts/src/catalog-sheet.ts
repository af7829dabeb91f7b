/**
 * The catalogue spreadsheet import (issue 17, docs/decisions/0033-catalogue-spreadsheets.md): what a preview
 * counts, a job's progress as the console polls it, and a refused row.
 */
import { z } from 'zod';

/** A row the import leaves out: its spreadsheet row number (the header is row 1), the column and why, in pt-BR. */
export const sheetRefusal = z.object({ row: z.number().int(), column: z.string(), message: z.string() });
export type SheetRefusal = z.infer<typeof sheetRefusal>;

export const importJobStatus = z.enum(['preview', 'queued', 'running', 'done', 'failed', 'cancelled']);
export type ImportJobStatus = z.infer<typeof importJobStatus>;

/**
 * A stock count the import would write ('Estoque', issue 31): the unit's SKU and name, on hand before (null: the
 * unit is new or its stock is not tracked yet, and the import turns tracking on) and after. Grams for kilo products.
 */
export const sheetStockChange = z.object({
  row: z.number().int(),
  sku: z.string(),
  name: z.string(),
  from: z.number().int().nullable(),
  to: z.number().int(),
});
export type SheetStockChange = z.infer<typeof sheetStockChange>;

/** How many stock changes the preview lists (the count has them all). */
export const STOCK_CHANGES_SHOWN = 50;

/** A cell the import would change ('Preço', or 'Preço da variação (CAM-P)'): before and after, as the sheet writes them. */
export const sheetFieldChange = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type SheetFieldChange = z.infer<typeof sheetFieldChange>;

/**
 * A product the import creates or changes (issue 38), with the cells that change — 'Estoque' among them (on hand
 * before → after: a spreadsheet import movement in the stock's history).
 */
export const sheetProductChange = z.object({
  row: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['created', 'changed']),
  fields: z.array(sheetFieldChange),
});
export type SheetProductChange = z.infer<typeof sheetProductChange>;

/** How many created or changed products a preview lists (the counts have them all). */
export const PRODUCT_CHANGES_SHOWN = 100;

/** An import as the console shows it: the preview's counts, then the job's progress. */
export const catalogImport = z.object({
  id: z.string(),
  fileName: z.string(),
  status: importJobStatus,
  /** products in the file that pass the checks (what the job writes) */
  total: z.number().int(),
  /** products written so far */
  done: z.number().int(),
  preview: z.object({
    created: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    /** the units whose on hand the 'Estoque' column changes: how many, and the first STOCK_CHANGES_SHOWN in row order */
    stock: z.object({ count: z.number().int(), changes: z.array(sheetStockChange) }),
    /** the first PRODUCT_CHANGES_SHOWN products created or changed (product cells or stock), in row order */
    products: z.array(sheetProductChange),
  }),
  /** what the job did: products created, changed and left as they were */
  result: z.object({ created: z.number().int(), changed: z.number().int(), unchanged: z.number().int() }),
  refusedCount: z.number().int(),
  /** the first refused rows (the whole list is the report CSV) */
  refused: z.array(sheetRefusal),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof catalogImport>;

/** How many refused rows the job's status carries; the report CSV has them all. */
export const REFUSED_SHOWN = 20;
/** The largest spreadsheet the import takes. */
export const SHEET_MAX_BYTES = 20 * 1024 * 1024;
