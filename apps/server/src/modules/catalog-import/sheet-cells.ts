/**
 * The catalogue spreadsheet (issue 17, docs/decisions/0033-catalogue-spreadsheets.md): one format for the import
 * (sheet-read.ts), the export and the sample file (sheet-write.ts). CSV with `;`, UTF-8 with a BOM (Excel reads
 * the accents), pt-BR headers, one row per variant sharing the product's code (a product without variants is one
 * row), the category as a path ('Mercearia > Grãos'), prices as '1.234,56', flags as 'sim'/'não'. The product's
 * own cells are read from its first row; the rows after it may repeat them or leave them blank. 'Estoque' is the
 * row's own (the product's, or its variant's): the units on hand (grams for kilo products), blank to leave the stock
 * as it is (issue 31). This file: the columns and the cells both directions share.
 */
import { RecurrenceType } from '@vitrine/contracts/enums';

export const SHEET_COLUMNS = [
  'Código',
  'Nome',
  'SKU',
  'Categoria',
  'Marca',
  'Vendido e entregue por',
  'Preço',
  'Preço de tabela',
  'Preço promocional',
  'Ativo',
  'Descrição',
  'Venda restrita',
  'Restrição de entrega',
  'Mensagem da restrição',
  'Vendido por kg',
  'Quantidade por passo (kg)',
  'Preço por kg',
  'Destaques',
  'Texto da oferta',
  'Especificações',
  'Assinatura',
  'Atributos',
  'Imagens',
  'Variação',
  'SKU da variação',
  'Preço da variação',
  'Preço promocional da variação',
  'Disponível',
  'Imagem da variação',
  'Estoque',
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

export const PATH_SEPARATOR = '>';
export const LIST_SEPARATOR = ' | ';
/** The mark of an attribute option that redirects ('Azul (redireciona)'). */
export const REDIRECTS = ' (redireciona)';
export const RECURRENCES: [number, string][] = [
  [RecurrenceType.Daily, 'Diária'],
  [RecurrenceType.Weekly, 'Semanal'],
  [RecurrenceType.Monthly, 'Mensal'],
  [RecurrenceType.Yearly, 'Anual'],
];

/** The text without accents, lower case, trimmed: how headers and words are matched. */
export const bare = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** A cell the importer refuses; its message (pt-BR) goes to the refused row. */
export class CellError extends Error {}

/** A cell's value as a refusal repeats it: quoted, at most 30 characters, control characters as '?'. */
export const quoted = (cell: string) =>
  `'${(cell.length > 30 ? `${cell.slice(0, 30)}…` : cell).replace(/\p{Cc}/gu, '?')}'`;

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.56 reais as '1.234,56'. */
export const formatCents = (cents: number) => money.format(cents / 100);

/**
 * A pt-BR amount in centavos: '1.234,56', '12,5', '12', 'R$ 9,90'. A dot followed by other than three digits
 * ('12.34') is refused: in pt-BR the dot groups thousands.
 */
export function parseCents(cell: string): number | null {
  const text = cell.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  if (text === '') return null;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) throw new CellError(`${quoted(cell)} não é um preço: use o formato 1.234,56.`);
  const reais = Number(match[1]!.replace(/\./g, ''));
  const cents = Number((match[2] ?? '0').padEnd(2, '0'));
  return reais * 100 + cents;
}

/** A pt-BR decimal ('0,5', '1,250'). */
export function parseDecimal(cell: string): number | null {
  const text = cell.replace(/\s/g, '');
  if (text === '') return null;
  if (!/^\d+(?:,\d+)?$/.test(text))
    throw new CellError(`${quoted(cell)} não é um número: use vírgula para decimais (0,5).`);
  return Number(text.replace(',', '.'));
}

/** The largest count a cell takes (on hand is a 32-bit integer in the ledger). */
export const STOCK_MAX = 1_000_000_000;

/**
 * An 'Estoque' cell: whole units (grams for kilo products) from 0, as '12' or '1.200' (the dot groups thousands);
 * blank: null (the stock is left as it is). Anything else is refused naming the value.
 */
export function parseStock(cell: string): number | null {
  const text = cell.replace(/\s/g, '');
  if (text === '') return null;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)$/.exec(text);
  const value = match ? Number(match[1]!.replace(/\./g, '')) : NaN;
  if (!Number.isSafeInteger(value) || value > STOCK_MAX) {
    throw new CellError(
      `Estoque inválido: ${quoted(cell)}. Use um número inteiro de 0 em diante (em gramas nos produtos vendidos por kg).`,
    );
  }
  return value;
}

const YES = new Set(['sim', 's', 'x', '1', 'verdadeiro']);
const NO = new Set(['nao', 'n', '0', 'falso']);
/** 'sim'/'não' (also s/n, 1/0, x); blank: `fallback`. */
export function parseFlag(cell: string, fallback: boolean): boolean {
  const text = bare(cell);
  if (text === '') return fallback;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  throw new CellError(`${quoted(cell)} não é 'sim' nem 'não'.`);
}
export const flag = (value: boolean) => (value ? 'sim' : 'não');

/** 'Nome: valor' pairs separated by ' | ' (a name may repeat for several values). */
export function parsePairs(cell: string): [string, string][] {
  return splitList(cell).map((entry) => {
    const at = entry.indexOf(':');
    if (at < 1) throw new CellError("Use 'Nome: valor' separados por ' | '.");
    return [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
  });
}
export const splitList = (cell: string) =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
