/**
 * One price table's prices as a CSV (issue 18, decision 0039) in the catalogue spreadsheet's conventions
 * (decision 0033): `;`, UTF-8 with a BOM, the catalogue's pt-BR headers for the columns both share ('Código',
 * 'Nome', 'SKU', 'Preço', 'Variação', 'SKU da variação', 'Preço da variação'), money as '1.234,56', every cell
 * neutralised by the one writer (lib/csv.ts). One row for each product (its own table price)
 * and one for each of its variants. Reading needs 'SKU' and 'Preço na tabela' only; the other columns are there
 * to read and are ignored. A blank 'Preço na tabela' removes the table's price (the catalogue's applies).
 */
import { csvText } from '../../lib/csv.ts';
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';
import { CellError, formatCents, parseCents } from './sheet-cells.ts';
import { readSheetTable } from './sheet-table.ts';

export const PRICE_SHEET_COLUMNS = [
  'Código',
  'Nome',
  'SKU',
  'Preço',
  'Variação',
  'SKU da variação',
  'Preço da variação',
  'Preço na tabela',
] as const;
type PriceColumn = (typeof PRICE_SHEET_COLUMNS)[number];
const REQUIRED: PriceColumn[] = ['SKU', 'Preço na tabela'];

export type PriceSheetLine = {
  code: string;
  name: string;
  sku: string;
  variant: string | null;
  catalogueCents: number;
  tableCents: number | null;
};

/** The file: the header (with the BOM) and one row per line, products before their variants. */
export function priceSheetCsv(lines: PriceSheetLine[]): string {
  const rows = lines.map((l) => {
    const product = l.variant === null;
    const cells: Record<PriceColumn, string> = {
      Código: l.code,
      Nome: l.name,
      SKU: product ? l.sku : '',
      Preço: product ? formatCents(l.catalogueCents) : '',
      Variação: product ? '' : (l.variant ?? ''),
      'SKU da variação': product ? '' : l.sku,
      'Preço da variação': product ? '' : formatCents(l.catalogueCents),
      'Preço na tabela': l.tableCents === null ? '' : formatCents(l.tableCents),
    };
    return PRICE_SHEET_COLUMNS.map((c) => cells[c]);
  });
  return csvText(PRICE_SHEET_COLUMNS, rows);
}

/** A row read: the product's SKU, or the variant's ('SKU da variação'), and its table price (null: none). */
export type PriceSheetRow = {
  row: number;
  sku: string;
  variantSku: string | null;
  priceCents: number | null;
};
export type ParsedPriceSheet = { rows: PriceSheetRow[]; refused: SheetRefusal[]; rowCount: number };

/** A file the import cannot read at all (not CSV, no header, a required column missing). */
export class PriceSheetUnreadable extends Error {}

/**
 * Reads the file: each row's SKU and price, the rows refused (a bad price, no SKU) with their row number (the
 * header is row 1), column and pt-BR reason. A product's row names its SKU in 'SKU' with 'SKU da variação'
 * blank; a variant's row names the variant's in 'SKU da variação' (catalogue rows repeat the product's 'SKU').
 */
export function parsePriceSheet(file: Uint8Array | string): ParsedPriceSheet {
  const rows: PriceSheetRow[] = [];
  const refused: SheetRefusal[] = [];
  const read = readSheetTable(file, PRICE_SHEET_COLUMNS, REQUIRED, PriceSheetUnreadable);
  for (const { number: row, cell } of read) {
    const variantSku = cell('SKU da variação') || null;
    const sku = cell('SKU');
    if (sku === '' && variantSku === null) {
      refused.push({ row, column: 'SKU', message: 'Informe o SKU do produto ou da variação.' });
      continue;
    }
    try {
      rows.push({ row, sku, variantSku, priceCents: parseCents(cell('Preço na tabela')) });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      refused.push({ row, column: 'Preço na tabela', message: error.message });
    }
  }
  return { rows, refused, rowCount: read.length };
}
