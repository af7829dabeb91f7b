/** The catalog-import module's face: what routes and flows use of it (docs/architecture.md). */
export {
  advanceJob,
  cancelPreview,
  claimJob,
  endJob,
  findJob,
  insertPreview,
  latestJob,
  queueJob,
  refusedRows,
  toCatalogImport,
} from './job-repository.ts';
export type { ClaimedJob, ImportJobRow } from './job-repository.ts';
export { PriceSheetUnreadable, parsePriceSheet, priceSheetCsv } from './price-sheet.ts';
export { SheetUnreadable, parseSheet } from './sheet-read.ts';
export type { SheetProduct } from './sheet-read.ts';
export { productRows, sheetHeader, sheetLines } from './sheet-write.ts';
export { SHEET_COLUMNS, type SheetColumn } from './sheet-cells.ts';
