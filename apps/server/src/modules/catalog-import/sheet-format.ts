/**
 * The catalogue spreadsheet (issue 17, docs/decisions/0033-catalogue-spreadsheets.md): one format for the import,
 * the export and the sample file. CSV with `;`, UTF-8 with a BOM (Excel reads the accents), pt-BR headers, one
 * row per variant sharing the product's code (a product without variants is one row), the category as a path
 * ('Mercearia > Grãos'), prices as '1.234,56', flags as 'sim'/'não'. The product's own cells are read from its
 * first row; the rows after it may repeat them or leave them blank.
 */
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import {
  productInput,
  slugify,
  type ProductInput,
  type ProductInputDraft,
} from '@vitrine/contracts/console-catalog';
import { RecurrenceType } from '@vitrine/contracts/enums';
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';

export const SHEET_COLUMNS = [
  'Código',
  'Nome',
  'SKU',
  'Categoria',
  'Marca',
  'Vendedor',
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
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
const REQUIRED: SheetColumn[] = ['Código', 'Nome', 'SKU', 'Preço'];

/** A product read from the sheet: the contract's input with its category as a path, and the rows it came from. */
export type SheetProduct = {
  input: ProductInput;
  categoryPath: string[];
  /**
   * the product's photos by URL, cover first ('Imagens'): https addresses, or the served address of a photo
   * uploaded in the editor; null when the sheet has no such column (the photos are left as they are)
   */
  images: string[] | null;
  /** the spreadsheet row numbers (the header is row 1) of the product, first row first */
  rows: number[];
};
export type ParsedSheet = { products: SheetProduct[]; refused: SheetRefusal[]; rowCount: number };

/** A file the importer cannot read at all (no header, a missing required column). */
export class SheetUnreadable extends Error {}

const PATH_SEPARATOR = '>';
const LIST_SEPARATOR = ' | ';
const REDIRECTS = ' (redireciona)';
const RECURRENCES: [number, string][] = [
  [RecurrenceType.Daily, 'Diária'],
  [RecurrenceType.Weekly, 'Semanal'],
  [RecurrenceType.Monthly, 'Mensal'],
  [RecurrenceType.Yearly, 'Anual'],
];

const bare = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

// ---------------------------------------------------------------- cells

const money = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const kilos = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** 1234.56 reais as '1.234,56'. */
export const formatCents = (cents: number) => money.format(cents / 100);

class CellError extends Error {}

/**
 * A pt-BR amount in centavos: '1.234,56', '12,5', '12', 'R$ 9,90'. A dot followed by other than three digits
 * ('12.34') is refused: in pt-BR the dot groups thousands.
 */
export function parseCents(cell: string): number | null {
  const text = cell.replace(/^R\$\s*/i, '').replace(/\s/g, '');
  if (text === '') return null;
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(text);
  if (!match) throw new CellError('Valor inválido: use o formato 1.234,56.');
  const reais = Number(match[1]!.replace(/\./g, ''));
  const cents = Number((match[2] ?? '0').padEnd(2, '0'));
  return reais * 100 + cents;
}

/** A pt-BR decimal ('0,5', '1,250'). */
function parseDecimal(cell: string): number | null {
  const text = cell.replace(/\s/g, '');
  if (text === '') return null;
  if (!/^\d+(?:,\d+)?$/.test(text)) throw new CellError('Número inválido: use vírgula para decimais (0,5).');
  return Number(text.replace(',', '.'));
}

const YES = new Set(['sim', 's', 'x', '1', 'verdadeiro']);
const NO = new Set(['nao', 'n', '0', 'falso']);
/** 'sim'/'não' (also s/n, 1/0, x); blank: `fallback`. */
export function parseFlag(cell: string, fallback: boolean): boolean {
  const text = bare(cell);
  if (text === '') return fallback;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  throw new CellError("Use 'sim' ou 'não'.");
}
const flag = (value: boolean) => (value ? 'sim' : 'não');

/** 'Nome: valor' pairs separated by ' | ' (a name may repeat for several values). */
function parsePairs(cell: string): [string, string][] {
  return splitList(cell).map((entry) => {
    const at = entry.indexOf(':');
    if (at < 1) throw new CellError("Use 'Nome: valor' separados por ' | '.");
    return [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
  });
}
const splitList = (cell: string) =>
  cell
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);

/** A text a spreadsheet would run as a formula (=, +, -, @) is written with a leading `'`, read back without. */
const safeText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const unsafe = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

// ---------------------------------------------------------------- reading

type Row = { number: number; cell: (column: SheetColumn) => string; has: (column: SheetColumn) => boolean };

/**
 * Reads a CSV sheet: every product grouped from its rows and checked with the product contract; the rows refused,
 * each with its row number, column and pt-BR reason. Throws SheetUnreadable when the file has no usable header.
 */
export function parseSheet(file: Uint8Array | string): ParsedSheet {
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
    throw new SheetUnreadable('O arquivo não é uma planilha CSV válida (verifique as aspas).');
  }
  const [header, ...body] = records;
  if (!header) throw new SheetUnreadable('A planilha está vazia.');
  const index = new Map<SheetColumn, number>();
  header.forEach((name, i) => {
    const column = SHEET_COLUMNS.find((c) => bare(c) === bare(name));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missing = REQUIRED.filter((c) => !index.has(c));
  if (missing.length > 0)
    throw new SheetUnreadable(
      `Coluna${missing.length > 1 ? 's' : ''} obrigatória${missing.length > 1 ? 's' : ''} ausente${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
    );
  const rows: Row[] = body
    .map((cells, i) => ({
      number: i + 2,
      cell: (column: SheetColumn) => {
        const at = index.get(column);
        return at === undefined ? '' : unsafe((cells[at] ?? '').trim());
      },
      has: (column: SheetColumn) => index.has(column),
    }))
    .filter((row) => SHEET_COLUMNS.some((c) => row.cell(c) !== ''));

  const groups = new Map<string, Row[]>();
  const refused: SheetRefusal[] = [];
  for (const row of rows) {
    const code = row.cell('Código');
    if (code === '') {
      refused.push({ row: row.number, column: 'Código', message: 'Informe o código do produto.' });
      continue;
    }
    groups.set(code, [...(groups.get(code) ?? []), row]);
  }
  const products: SheetProduct[] = [];
  for (const group of groups.values()) {
    const read = readProduct(group);
    if ('refused' in read) refused.push(...read.refused);
    else products.push(read);
  }
  refused.sort((a, b) => a.row - b.row);
  return { products, refused, rowCount: rows.length };
}

/** `;` unless the header line has more `,` or tabs (a sheet saved by a spreadsheet set to English). */
function sniffDelimiter(text: string): string {
  const first = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const count = (c: string) => first.split(c).length - 1;
  return [';', ',', '\t'].reduce((best, c) => (count(c) > count(best) ? c : best), ';');
}

function readProduct(group: Row[]): SheetProduct | { refused: SheetRefusal[] } {
  const first = group[0]!;
  const refused: SheetRefusal[] = [];
  const at = <T>(row: Row, column: SheetColumn, read: (cell: string) => T, fallback: T): T => {
    try {
      return read(row.cell(column));
    } catch (error) {
      if (!(error instanceof CellError)) throw error;
      refused.push({ row: row.number, column, message: error.message });
      return fallback;
    }
  };
  const optional = (column: SheetColumn) => first.cell(column) || null;
  const hasVariants = group.some((row) => row.cell('Variação') !== '');
  const variantRows = hasVariants ? group : [];
  const attributes = at(first, 'Atributos', (cell) => readAttributes(cell, variantRows), []);
  const draft: ProductInputDraft = {
    code: first.cell('Código'),
    sku: first.cell('SKU'),
    name: first.cell('Nome'),
    description: optional('Descrição'),
    brandName: optional('Marca'),
    sellerName: optional('Vendedor'),
    categoryCode: null,
    priceCents: at(first, 'Preço', parseCents, null) as number,
    listPriceCents: at(first, 'Preço de tabela', parseCents, null),
    promotionalPriceCents: at(first, 'Preço promocional', parseCents, null),
    isActive: at(first, 'Ativo', (c) => parseFlag(c, true), true),
    isRestrictedSale: at(first, 'Venda restrita', (c) => parseFlag(c, false), false),
    hasShippingRestriction: at(
      first,
      'Restrição de entrega',
      (c) => parseFlag(c, first.cell('Mensagem da restrição') !== ''),
      false,
    ),
    shippingRestrictionMessage: optional('Mensagem da restrição'),
    soldInKilo: at(first, 'Vendido por kg', (c) => parseFlag(c, first.cell('Preço por kg') !== ''), false),
    amountInKilo: at(first, 'Quantidade por passo (kg)', parseDecimal, null),
    kilogramPriceCents: at(first, 'Preço por kg', parseCents, null),
    clusterHighlights: splitList(first.cell('Destaques')),
    offerDescription: optional('Texto da oferta'),
    specifications: at(first, 'Especificações', readSpecifications, []),
    subscriptionOffers: at(first, 'Assinatura', readSubscriptions, []),
    attributes,
    variants: variantRows.map((row) => ({
      options: Object.fromEntries(at(row, 'Variação', parsePairs, [])),
      sku: row.cell('SKU da variação'),
      priceCents: (at(row, 'Preço da variação', parseCents, null) ??
        at(first, 'Preço', parseCents, null)) as number,
      promotionalPriceCents: at(row, 'Preço promocional da variação', parseCents, null),
      isAvailable: at(row, 'Disponível', (c) => parseFlag(c, true), true),
      imageUrl: row.cell('Imagem da variação') || null,
    })),
  };
  const categoryPath = first
    .cell('Categoria')
    .split(PATH_SEPARATOR)
    .map((name) => name.trim())
    .filter(Boolean);
  const images = first.has('Imagens') ? at(first, 'Imagens', parseImages, []) : null;
  if (refused.length > 0) return { refused };
  const checked = productInput.safeParse(draft);
  if (!checked.success)
    return {
      refused: checked.error.issues.map((issue) => ({
        ...placeOf(issue.path, group, hasVariants),
        message: issue.message,
      })),
    };
  if (categoryPath.some((name) => name.length > 100))
    return {
      refused: [{ row: first.number, column: 'Categoria', message: 'Nome de categoria longo demais.' }],
    };
  return { input: checked.data, categoryPath, images, rows: group.map((r) => r.number) };
}

/**
 * 'Tamanho: P, M | Cor: Azul (redireciona), Verde' — the attributes and their options in order. Blank: the
 * attributes named by the variant rows' 'Variação' cells, options in the order the rows name them.
 */
function readAttributes(cell: string, variantRows: Row[]) {
  if (cell !== '')
    return parsePairs(cell).map(([name, options]) => ({
      name,
      options: options
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean)
        .map((o) =>
          o.endsWith(REDIRECTS)
            ? { name: o.slice(0, -REDIRECTS.length).trim(), redirectable: true }
            : { name: o, redirectable: false },
        ),
    }));
  const named = new Map<string, { name: string; options: Map<string, string> }>();
  for (const row of variantRows) {
    let pairs: [string, string][];
    try {
      pairs = parsePairs(row.cell('Variação'));
    } catch {
      continue; // the row's own cell is refused where it is read
    }
    for (const [attribute, option] of pairs) {
      const entry = named.get(slugify(attribute)) ?? { name: attribute, options: new Map() };
      if (!entry.options.has(slugify(option))) entry.options.set(slugify(option), option);
      named.set(slugify(attribute), entry);
    }
  }
  return [...named.values()].map((a) => ({
    name: a.name,
    options: [...a.options.values()].map((name) => ({ name, redirectable: false })),
  }));
}

function readSpecifications(cell: string) {
  const byName = new Map<string, string[]>();
  for (const [name, value] of parsePairs(cell)) byName.set(name, [...(byName.get(name) ?? []), value]);
  return [...byName].map(([name, values]) => ({ name, values: values.filter(Boolean) }));
}

function readSubscriptions(cell: string) {
  return parsePairs(cell).map(([recurrence, frequency]) => {
    const type = RECURRENCES.find(([, label]) => bare(label) === bare(recurrence))?.[0];
    if (type === undefined)
      throw new CellError('Recorrência inválida: use Diária, Semanal, Mensal ou Anual.');
    if (!/^\d+$/.test(frequency)) throw new CellError('A frequência deve ser um número inteiro.');
    return { recurrenceType: type, frequency: Number(frequency) };
  });
}

/** The most photos a sheet names for one product (the editor keeps up to PHOTO_MAX_PER_PRODUCT). */
export const SHEET_MAX_IMAGES = 10;
/** The address the storefront serves a photo uploaded in the editor at (modules/photos). */
const UPLOADED_PHOTO = /^\/media\/photos\/[0-9a-f]{32}-\d{3,4}\.jpg$/;

/** 'https://… | https://…', the cover first: https addresses or uploaded photos' served addresses, at most 10. */
function parseImages(cell: string): string[] {
  const urls = splitList(cell);
  if (urls.length > SHEET_MAX_IMAGES)
    throw new CellError(`Informe no máximo ${SHEET_MAX_IMAGES} imagens, separadas por ' | '.`);
  if (new Set(urls).size !== urls.length) throw new CellError('A mesma imagem aparece duas vezes.');
  for (const url of urls) {
    if (UPLOADED_PHOTO.test(url)) continue;
    if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/'))
      throw new CellError(
        `'${url}' é um nome de arquivo: envie essa foto no editor do produto ou informe o endereço https da imagem.`,
      );
    let parsed: URL | null = null;
    try {
      parsed = new URL(url);
    } catch {
      // refused below
    }
    if (parsed?.protocol !== 'https:' || url.length > 2000 || /\s/.test(url))
      throw new CellError(`'${url.slice(0, 80)}' não é um endereço https válido de imagem.`);
  }
  return urls;
}

const FIELD_COLUMNS: Record<string, SheetColumn> = {
  code: 'Código',
  sku: 'SKU',
  name: 'Nome',
  description: 'Descrição',
  brandName: 'Marca',
  sellerName: 'Vendedor',
  priceCents: 'Preço',
  listPriceCents: 'Preço de tabela',
  promotionalPriceCents: 'Preço promocional',
  isActive: 'Ativo',
  isRestrictedSale: 'Venda restrita',
  hasShippingRestriction: 'Restrição de entrega',
  shippingRestrictionMessage: 'Mensagem da restrição',
  soldInKilo: 'Vendido por kg',
  amountInKilo: 'Quantidade por passo (kg)',
  kilogramPriceCents: 'Preço por kg',
  clusterHighlights: 'Destaques',
  offerDescription: 'Texto da oferta',
  specifications: 'Especificações',
  subscriptionOffers: 'Assinatura',
  attributes: 'Atributos',
};
const VARIANT_COLUMNS: Record<string, SheetColumn> = {
  options: 'Variação',
  sku: 'SKU da variação',
  priceCents: 'Preço da variação',
  promotionalPriceCents: 'Preço promocional da variação',
  isAvailable: 'Disponível',
  imageUrl: 'Imagem da variação',
};

/** The row and column a contract issue points at. */
function placeOf(path: PropertyKey[], group: Row[], hasVariants: boolean) {
  const [field, index, sub] = path;
  if (field === 'variants' && typeof index === 'number' && hasVariants)
    return {
      row: group[index]?.number ?? group[0]!.number,
      column: VARIANT_COLUMNS[String(sub)] ?? 'Variação',
    };
  return { row: group[0]!.number, column: FIELD_COLUMNS[String(field)] ?? 'Variação' };
}

// ---------------------------------------------------------------- writing

/** The rows of one product (one per variant), `categoryPath` as 'Mercearia > Grãos', `images` cover first. */
export function productRows(p: ProductInput, categoryPath: string[], images: string[] = []): string[][] {
  const product: Record<SheetColumn, string> = {
    Código: p.code,
    Nome: safeText(p.name),
    SKU: safeText(p.sku),
    Categoria: categoryPath.join(` ${PATH_SEPARATOR} `),
    Marca: safeText(p.brandName ?? ''),
    Vendedor: safeText(p.sellerName ?? ''),
    Preço: formatCents(p.priceCents),
    'Preço de tabela': p.listPriceCents === null ? '' : formatCents(p.listPriceCents),
    'Preço promocional': p.promotionalPriceCents === null ? '' : formatCents(p.promotionalPriceCents),
    Ativo: flag(p.isActive),
    Descrição: safeText(p.description ?? ''),
    'Venda restrita': flag(p.isRestrictedSale),
    'Restrição de entrega': flag(p.hasShippingRestriction),
    'Mensagem da restrição': safeText(p.shippingRestrictionMessage ?? ''),
    'Vendido por kg': flag(p.soldInKilo),
    'Quantidade por passo (kg)': p.amountInKilo === null ? '' : kilos.format(p.amountInKilo),
    'Preço por kg': p.kilogramPriceCents === null ? '' : formatCents(p.kilogramPriceCents),
    Destaques: p.clusterHighlights.join(LIST_SEPARATOR),
    'Texto da oferta': safeText(p.offerDescription ?? ''),
    Especificações: p.specifications
      .flatMap((s) => (s.values.length ? s.values : ['']).map((v) => `${s.name}: ${v}`))
      .join(LIST_SEPARATOR),
    Assinatura: p.subscriptionOffers
      .map((o) => `${RECURRENCES.find(([t]) => t === o.recurrenceType)?.[1]}: ${o.frequency}`)
      .join(LIST_SEPARATOR),
    Atributos: p.attributes
      .map(
        (a) =>
          `${a.name}: ${a.options.map((o) => (o.redirectable ? `${o.name}${REDIRECTS}` : o.name)).join(', ')}`,
      )
      .join(LIST_SEPARATOR),
    Imagens: images.join(LIST_SEPARATOR),
    Variação: '',
    'SKU da variação': '',
    'Preço da variação': '',
    'Preço promocional da variação': '',
    Disponível: '',
    'Imagem da variação': '',
  };
  const line = (variant: Partial<Record<SheetColumn, string>>) =>
    SHEET_COLUMNS.map((c) => variant[c] ?? product[c]);
  if (p.variants.length === 0) return [line({})];
  return p.variants.map((v) =>
    line({
      Variação: p.attributes
        .map(
          (a) => `${a.name}: ${Object.entries(v.options).find(([n]) => slugify(n) === slugify(a.name))?.[1]}`,
        )
        .join(LIST_SEPARATOR),
      'SKU da variação': safeText(v.sku),
      'Preço da variação': formatCents(v.priceCents),
      'Preço promocional da variação':
        v.promotionalPriceCents === null ? '' : formatCents(v.promotionalPriceCents),
      Disponível: flag(v.isAvailable),
      'Imagem da variação': v.imageUrl ?? '',
    }),
  );
}

/** The header line (with the BOM) of a sheet. */
export const sheetHeader = () => stringify([[...SHEET_COLUMNS]], { bom: true, delimiter: ';' });
/** Rows as CSV lines (no header). */
export const sheetLines = (rows: string[][]) => stringify(rows, { delimiter: ';' });
