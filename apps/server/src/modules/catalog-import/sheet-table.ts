/**
 * A CSV sheet as rows of named cells (decision 0033's conventions, shared by the sheets that follow them): the
 * delimiter sniffed from the header, UTF-8 with or without a BOM, headers matched to `columns` without accents
 * or case, each cell trimmed and read back without the `'` that keeps a spreadsheet from running it.
 */
import { parse } from 'csv-parse/sync';
import { readCell } from '../../lib/csv.ts';
import { bare } from './sheet-cells.ts';

/** A row of the sheet: its number (the header is row 1) and its cells by column ('' for a column it lacks). */
export type SheetRow<C extends string> = {
  number: number;
  cell: (column: C) => string;
  has: (column: C) => boolean;
};

/**
 * The sheet's rows that are not blank in every column. Throws `Unreadable` with a pt-BR message when the file is
 * not CSV, is empty or lacks a `required` column.
 */
export function readSheetTable<C extends string>(
  file: Uint8Array | string,
  columns: readonly C[],
  required: readonly C[],
  Unreadable: new (message: string) => Error,
  /** Headers an older sheet used for a column ('Vendedor' for 'Vendido e entregue por'). */
  formerNames: Partial<Record<C, string>> = {},
): SheetRow<C>[] {
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
    throw new Unreadable('O arquivo não é uma planilha CSV válida (verifique as aspas).');
  }
  const [header, ...body] = records;
  if (!header) throw new Unreadable('A planilha está vazia.');
  const index = new Map<C, number>();
  header.forEach((name, i) => {
    const column = columns.find((c) => bare(c) === bare(name) || bare(formerNames[c] ?? '\0') === bare(name));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = required.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new Unreadable(
      `Coluna${missing.length > 1 ? 's' : ''} obrigatória${missing.length > 1 ? 's' : ''} ausente${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
    );
  return body
    .map((cells, i) => ({
      number: i + 2,
      cell: (column: C) => {
        const at = index.get(column);
        return at === undefined ? '' : readCell((cells[at] ?? '').trim());
      },
      has: (column: C) => index.has(column),
    }))
    .filter((row) => columns.some((c) => row.cell(c) !== ''));
}

/** `;` unless the header line has more `,` or tabs (a sheet saved by a spreadsheet set to English). */
function sniffDelimiter(text: string): string {
  const first = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const count = (c: string) => first.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ';');
}
