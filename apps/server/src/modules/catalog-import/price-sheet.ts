/**
 * One price table's prices as a CSV (issue 18, decision 0039) in the catalogue spreadsheet's conventions
 * (decision 0033): `;`, UTF-8 with a BOM, the catalogue's pt-BR headers for the columns both share ('Código',
 * 'Nome', 'SKU', 'Preço', 'Variação', 'SKU da variação', 'Preço da variação'), money as '1.234,56', a text a
 * spreadsheet would run as a formula written with a leading `'`. One row for each product (its own table price)
 * and one for each of its variants. Reading needs 'SKU' and 'Preço na tabela' only; the other columns are there
 * to read and are ignored. A blank 'Preço na tabela' removes the table's price (the catalogue's applies).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';
import { bare, CellError, formatCents, parseCents, safeText, unsafe } from './sheet-cells.ts';

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
      Nome: safeText(l.name),
      SKU: product ? safeText(l.sku) : '',
      Preço: product ? formatCents(l.catalogueCents) : '',
      Variação: product ? '' : safeText(l.variant ?? ''),
      'SKU da variação': product ? '' : safeText(l.sku),
      'Preço da variação': product ? '' : formatCents(l.catalogueCents),
      'Preço na tabela': l.tableCents === null ? '' : formatCents(l.tableCents),
    };
    return PRICE_SHEET_COLUMNS.map((c) => cells[c]);
  });
  return stringify([[...PRICE_SHEET_COLUMNS], ...rows], { bom: true, delimiter: ';' });
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

const sniffDelimiter = (text: string) => {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  return (first.match(/;/g)?.length ?? 0) >= (first.match(/,/g)?.length ?? 0) ? ';' : ',';
};

/**
 * Reads the file: each row's SKU and price, the rows refused (a bad price, no SKU) with their row number (the
 * header is row 1), column and pt-BR reason. A product's row names its SKU in 'SKU' with 'SKU da variação'
 * blank; a variant's row names the variant's in 'SKU da variação' (catalogue rows repeat the product's 'SKU').
 */
export function parsePriceSheet(file: Uint8Array | string): ParsedPriceSheet {
  const text = (typeof file === 'string' ? file : Buffer.from(file).toString('utf8')).replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: sniffDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    }) as string[][];
  } catch {
    throw new PriceSheetUnreadable('O arquivo não é uma planilha CSV válida (verifique as aspas).');
  }
  const [header, ...body] = records;
  if (!header) throw new PriceSheetUnreadable('A planilha está vazia.');
  const index = new Map<PriceColumn, number>();
  header.forEach((name, i) => {
    const column = PRICE_SHEET_COLUMNS.find((c) => bare(c) === bare(name));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new PriceSheetUnreadable(
      `Coluna${missing.length > 1 ? 's' : ''} obrigatória${missing.length > 1 ? 's' : ''} ausente${
        missing.length > 1 ? 's' : ''
      }: ${missing.join(', ')}.`,
    );
  const rows: PriceSheetRow[] = [];
  const refused: SheetRefusal[] = [];
  let rowCount = 0;
  body.forEach((cells, i) => {
    const cell = (column: PriceColumn) => {
      const at = index.get(column);
      return at === undefined ? '' : unsafe((cells[at] ?? '').trim());
    };
    if (PRICE_SHEET_COLUMNS.every((c) => cell(c) === '')) return;
    rowCount += 1;
    const row = i + 2;
    const variantSku = cell('SKU da variação') || null;
    const sku = cell('SKU');
    if (sku === '' && variantSku === null) {
      refused.push({ row, column: 'SKU', message: 'Informe o SKU do produto ou da variação.' });
      return;
    }
    try {
      rows.push({ row, sku, variantSku, priceCents: parseCents(cell('Preço na tabela')) });
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      refused.push({ row, column: 'Preço na tabela', message: error.message });
    }
  });
  return { rows, refused, rowCount };
}
