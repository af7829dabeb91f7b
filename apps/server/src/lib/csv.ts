/**
 * The one CSV writer (decision 0051). Every CSV the server writes — the catalogue spreadsheet and its sample, a
 * price table's prices, the orders board, an import's refused rows — goes through here: csv-stringify's quoting,
 * `;` between cells, UTF-8 with a BOM so Excel reads the accents, and EVERY cell neutralised (OWASP CSV
 * injection): a cell a spreadsheet would run as a formula (it begins with =, +, -, @, a tab or a carriage return)
 * is written with a leading `'`; a plain number ('1.234,56', '-3') is left as it is. The catalogue import reads
 * a cell back with `readCell`, so exporting and importing again changes nothing. `eslint.config.js` refuses
 * csv-stringify anywhere else.
 */
import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

const FORMULA = /^'?[=+\-@\t\r]/;
/** A number as our files write it (pt-BR): digits, thousands dots, a decimal comma, a leading minus. */
const NUMBER = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/;

/** The cell as written: a formula's first character made text (a cell already quoted so gets one more `'`). */
export function neutralised(cell: string): string {
  return FORMULA.test(cell) && !NUMBER.test(cell) ? `'${cell}` : cell;
}

/** A cell as read back from one of our files (the `'` `neutralised` added taken away). */
export function readCell(cell: string): string {
  return /^'{1,2}[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

export type CsvRow = readonly string[];

/**
 * How a file is written for machines rather than spreadsheets: a catalogue feed (decision 0054) is read by Meta,
 * which takes commas and no BOM. Cells are neutralised all the same.
 */
export type CsvFormat = { delimiter?: ';' | ','; bom?: boolean };

const options = (bom: boolean, format: CsvFormat = {}): Options => ({
  bom: format.bom ?? bom,
  delimiter: format.delimiter ?? ';',
  cast: { string: (value) => neutralised(value) },
});

/** Rows as CSV text; the first row is the header when `header` is given (then with the BOM). */
export function csvText(header: CsvRow | null, rows: readonly CsvRow[]): string {
  return stringifySync(header ? [header, ...rows] : [...rows], options(header !== null));
}

/** The header and rows taken one by one as the client reads them (a long export). */
export function csvStream(
  header: CsvRow,
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  format: CsvFormat = {},
): Readable {
  const bom = format.bom ?? (format.delimiter ?? ';') === ';';
  return Readable.from(rows).pipe(stringify({ ...options(bom, format), header: true, columns: [...header] }));
}
