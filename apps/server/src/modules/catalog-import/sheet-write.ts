/**
 * Writing the catalogue spreadsheet (decision 0033; the format: sheet-cells.ts): the export and the sample file,
 * one row per variant, in the cells the import reads back.
 */
import { csvText } from '../../lib/csv.ts';
import { slugify, type ProductInput } from '@vitrine/contracts/console-catalog';
import { descriptionText } from '@vitrine/contracts/description-text';
import {
  flag,
  formatCents,
  LIST_SEPARATOR,
  PATH_SEPARATOR,
  RECURRENCES,
  REDIRECTS,
  SHEET_COLUMNS,
  type SheetColumn,
} from './sheet-cells.ts';

const kilos = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/**
 * The rows of one product (one per variant), `categoryPath` as 'Mercearia > Grãos', `images` cover first, and
 * `stock` the on hand of the product (variant SKU null) or of a variant — null leaves 'Estoque' blank (untracked).
 */
export function productRows(
  p: ProductInput,
  categoryPath: string[],
  images: string[] = [],
  stock: (variantSku: string | null) => number | null = () => null,
): string[][] {
  const count = (variantSku: string | null) => String(stock(variantSku) ?? '');
  const product: Record<SheetColumn, string> = {
    Código: p.code,
    Nome: p.name,
    SKU: p.sku,
    Categoria: categoryPath.join(` ${PATH_SEPARATOR} `),
    Marca: p.brandName ?? '',
    'Vendido e entregue por': p.sellerName ?? '',
    Preço: formatCents(p.priceCents),
    'Preço de tabela': p.listPriceCents === null ? '' : formatCents(p.listPriceCents),
    'Preço promocional': p.promotionalPriceCents === null ? '' : formatCents(p.promotionalPriceCents),
    Ativo: flag(p.isActive),
    Descrição: descriptionText(p.description),
    'Venda restrita': flag(p.isRestrictedSale),
    'Restrição de entrega': flag(p.hasShippingRestriction),
    'Mensagem da restrição': p.shippingRestrictionMessage ?? '',
    'Vendido por kg': flag(p.soldInKilo),
    'Quantidade por passo (kg)': p.amountInKilo === null ? '' : kilos.format(p.amountInKilo),
    'Preço por kg': p.kilogramPriceCents === null ? '' : formatCents(p.kilogramPriceCents),
    Destaques: p.clusterHighlights.join(LIST_SEPARATOR),
    'Texto da oferta': p.offerDescription ?? '',
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
    Estoque: '',
  };
  const line = (variant: Partial<Record<SheetColumn, string>>) =>
    SHEET_COLUMNS.map((c) => variant[c] ?? product[c]);
  if (p.variants.length === 0) return [line({ Estoque: count(null) })];
  return p.variants.map((v) =>
    line({
      Variação: p.attributes
        .map(
          (a) => `${a.name}: ${Object.entries(v.options).find(([n]) => slugify(n) === slugify(a.name))?.[1]}`,
        )
        .join(LIST_SEPARATOR),
      'SKU da variação': v.sku,
      'Preço da variação': formatCents(v.priceCents),
      'Preço promocional da variação':
        v.promotionalPriceCents === null ? '' : formatCents(v.promotionalPriceCents),
      Disponível: flag(v.isAvailable),
      'Imagem da variação': v.imageUrl ?? '',
      Estoque: count(v.sku),
    }),
  );
}

/** The header line (with the BOM) of a sheet. */
export const sheetHeader = () => csvText(SHEET_COLUMNS, []);
/** Rows as CSV lines (no header); every cell neutralised by the one writer (lib/csv.ts). */
export const sheetLines = (rows: string[][]) => csvText(null, rows);
