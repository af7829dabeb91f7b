/**
 * Writing the catalogue spreadsheet (decision 0033; the format: sheet-cells.ts): the export and the sample file,
 * one row per variant, in the cells the import reads back.
 */
import { stringify } from 'csv-stringify/sync';
import { slugify, type ProductInput } from '@vitrine/contracts/console-catalog';
import {
  flag,
  formatCents,
  LIST_SEPARATOR,
  PATH_SEPARATOR,
  RECURRENCES,
  REDIRECTS,
  safeText,
  SHEET_COLUMNS,
  type SheetColumn,
} from './sheet-cells.ts';

const kilos = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

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
