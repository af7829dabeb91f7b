/**
 * What an import preview lists of a product (issue 38): the sheet's cells that would change, before → after, as
 * the export writes them — the product's own cells, each variant's by its SKU, the photos and 'Estoque' (on hand
 * before → after, written as a spreadsheet import movement of the stock's history).
 */
import type { SheetFieldChange, SheetStockChange } from '@vitrine/contracts/catalog-sheet';
import type { ProductInput } from '@vitrine/contracts/console-catalog';
import { productRows, SHEET_COLUMNS, type SheetColumn } from '../../modules/catalog-import/service.ts';

/** The columns of a variant's own row; 'Estoque' comes from the stock preview. */
const VARIANT_COLUMNS: SheetColumn[] = [
  'Variação',
  'Preço da variação',
  'Preço promocional da variação',
  'Disponível',
  'Imagem da variação',
];
const PRODUCT_COLUMNS = SHEET_COLUMNS.filter(
  (c) => !VARIANT_COLUMNS.includes(c) && !['SKU da variação', 'Estoque', 'Imagens'].includes(c),
);
const at = (column: SheetColumn) => SHEET_COLUMNS.indexOf(column);

/** A cell as the preview shows it: one line, at most 80 characters. */
const shown = (cell: string) => {
  const line = cell.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
};

const photos = (n: number) => (n === 0 ? 'sem fotos' : n === 1 ? '1 foto' : `${n} fotos`);
const counted = (onHand: number | null) =>
  onHand === null ? 'sem controle' : onHand.toLocaleString('pt-BR');

export type DiffSide = { input: ProductInput; categoryPath: string[]; images: number };

/**
 * The cells that change from `before` to `after` (with the photo counts when the photos change); a new product
 * (`before` null) lists only its stock counts.
 */
export function fieldChanges(
  before: DiffSide | null,
  after: DiffSide,
  imagesChange: boolean,
  stock: SheetStockChange[],
): SheetFieldChange[] {
  const changes: SheetFieldChange[] = [];
  const add = (field: string, from: string, to: string) => {
    if (from !== to) changes.push({ field, from: shown(from), to: shown(to) });
  };
  if (before) productCells(before, after, imagesChange, add);
  for (const s of stock)
    add(s.sku === after.input.sku ? 'Estoque' : `Estoque (${s.sku})`, counted(s.from), counted(s.to));
  return changes;
}

function productCells(
  before: DiffSide,
  after: DiffSide,
  imagesChange: boolean,
  add: (field: string, from: string, to: string) => void,
) {
  const [was, is] = [
    productRows(before.input, before.categoryPath),
    productRows(after.input, after.categoryPath),
  ];
  for (const c of PRODUCT_COLUMNS) add(c, was[0]![at(c)]!, is[0]![at(c)]!);
  if (imagesChange) add('Imagens', photos(before.images), photos(after.images));
  const bySku = (rows: string[][], input: ProductInput) =>
    new Map(input.variants.length === 0 ? [] : rows.map((row) => [row[at('SKU da variação')]!, row]));
  const [wasVariants, isVariants] = [bySku(was, before.input), bySku(is, after.input)];
  for (const sku of new Set([...wasVariants.keys(), ...isVariants.keys()])) {
    const [from, to] = [wasVariants.get(sku), isVariants.get(sku)];
    if (!from || !to) add(`Variação ${sku}`, from?.[at('Variação')] ?? '', to?.[at('Variação')] ?? '');
    else for (const c of VARIANT_COLUMNS) add(`${c} (${sku})`, from[at(c)]!, to[at(c)]!);
  }
}
