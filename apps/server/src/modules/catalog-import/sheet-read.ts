/**
 * Reading the catalogue spreadsheet (decision 0033; the format: sheet-cells.ts): the rows grouped by product
 * code, each product checked with the product contract, every refused cell with its row, column and pt-BR reason.
 */
import { productInput, type ProductInput, type ProductInputDraft } from '@vitrine/contracts/console-catalog';
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';
import { descriptionHtml } from '@vitrine/contracts/description-text';
import {
  CellError,
  parseCents,
  parseDecimal,
  parseFlag,
  parsePairs,
  parseStock,
  PATH_SEPARATOR,
  SHEET_COLUMNS,
  splitList,
  type SheetColumn,
} from './sheet-cells.ts';
import { parseImages, readAttributes, readSpecifications, readSubscriptions } from './sheet-read-lists.ts';
import { readSheetTable, type SheetRow } from './sheet-table.ts';

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
  /**
   * the filled 'Estoque' cells: the variant's SKU (null: the product without variants) and its on hand, with the
   * row; a blank cell is not here (that stock is left as it is)
   */
  stock: SheetStock[];
};
export type SheetStock = { row: number; variantSku: string | null; onHand: number };
export type ParsedSheet = { products: SheetProduct[]; refused: SheetRefusal[]; rowCount: number };

/** A file the importer cannot read at all (no header, a missing required column). */
export class SheetUnreadable extends Error {}

type Row = SheetRow<SheetColumn>;

/**
 * Reads a CSV sheet: every product grouped from its rows and checked with the product contract; the rows refused,
 * each with its row number, column and pt-BR reason. Throws SheetUnreadable when the file has no usable header.
 */
export function parseSheet(file: Uint8Array | string): ParsedSheet {
  const rows = readSheetTable(file, SHEET_COLUMNS, REQUIRED, SheetUnreadable, {
    // Sheets exported before issue 38 named the product's "sold by" as the seller concept's old word.
    'Vendido e entregue por': 'Vendedor',
  });
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
  refused.push(...repeatedSkus(products));
  refused.sort((a, b) => a.row - b.row);
  const repeated = new Set(refused.map((r) => r.row));
  return { products: products.filter((p) => !repeated.has(p.rows[0]!)), refused, rowCount: rows.length };
}

/**
 * Products of the sheet sharing a SKU (issue 38: SKUs are unique per shop): each is refused, naming the rows of
 * the others ('SKU "CAFE500" repetido: também na linha 7.'), so neither is imported until the sheet says which.
 */
function repeatedSkus(products: SheetProduct[]): SheetRefusal[] {
  const bySku = new Map<string, SheetProduct[]>();
  for (const p of products) bySku.set(p.input.sku, [...(bySku.get(p.input.sku) ?? []), p]);
  return [...bySku.entries()]
    .filter(([, same]) => same.length > 1)
    .flatMap(([sku, same]) =>
      same.map((p) => {
        const others = same.filter((o) => o !== p).map((o) => o.rows[0]!);
        const where = others.length > 1 ? `nas linhas ${others.join(', ')}` : `na linha ${others[0]}`;
        return {
          row: p.rows[0]!,
          column: 'SKU' as SheetColumn,
          message: `SKU "${sku}" repetido: também ${where}.`,
        };
      }),
    );
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
  const variantCells = variantRows.map((row) => row.cell('Variação'));
  const attributes = at(first, 'Atributos', (cell) => readAttributes(cell, variantCells), []);
  const draft: ProductInputDraft = {
    code: first.cell('Código'),
    sku: first.cell('SKU'),
    name: first.cell('Nome'),
    description: descriptionHtml(first.cell('Descrição')),
    brandName: optional('Marca'),
    sellerName: optional('Vendido e entregue por'),
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
  const stock = (hasVariants ? group : [first]).flatMap((row): SheetStock[] => {
    const onHand = at(row, 'Estoque', parseStock, null);
    return onHand === null
      ? []
      : [{ row: row.number, variantSku: hasVariants ? row.cell('SKU da variação') : null, onHand }];
  });
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
  return { input: checked.data, categoryPath, images, rows: group.map((r) => r.number), stock };
}

const FIELD_COLUMNS: Record<string, SheetColumn> = {
  code: 'Código',
  sku: 'SKU',
  name: 'Nome',
  description: 'Descrição',
  brandName: 'Marca',
  sellerName: 'Vendido e entregue por',
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
