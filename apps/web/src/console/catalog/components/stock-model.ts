/**
 * Catálogo's stock rules on the web (issue 31): typed quantities (whole units, or kg for kilo products, sent as
 * grams), the items of a bulk adjustment in batches, and a movement's texts for the history.
 */
import type {
  ProductStockSummary,
  StockAdjustBody,
  StockMovement,
  StockUnit,
} from '@vitrine/contracts/console-stock';
import { variantCode } from '@vitrine/contracts/console-catalog';
import { STOCK_REASON_LABELS } from '@vitrine/contracts/stock';
import { signedStockAmount, type StockMeasure } from '../../components/stock-amount';

const MAX = 1_000_000_000;

export type Parsed = { ok: true; value: number } | { ok: false; message: string };

/**
 * A typed quantity: whole units, or kg with up to 3 decimals for grams ('1,5' → 1500). `sign` says what it may be:
 * a count (0 or more) or a change (not zero; '-3' subtracts).
 */
export function parseStockAmount(text: string, measure: StockMeasure, sign: 'count' | 'change'): Parsed {
  const typed = text.trim().replace(/\s*kg$/i, '');
  if (typed === '') return { ok: false, message: 'Informe a quantidade.' };
  let value: number;
  if (measure === 'unit') {
    if (!/^[+-]?\d+$/.test(typed)) return { ok: false, message: 'A quantidade deve ser um número inteiro.' };
    value = Number(typed);
  } else {
    if (!/^[+-]?\d+([.,]\d{1,3})?$/.test(typed))
      return { ok: false, message: 'Informe o peso em kg, com até 3 casas decimais (ex.: 1,5).' };
    value = Math.round(Number(typed.replace(',', '.')) * 1000);
  }
  if (Math.abs(value) > MAX) return { ok: false, message: 'Quantidade grande demais.' };
  if (sign === 'count' && value < 0) return { ok: false, message: 'O estoque não pode ser negativo.' };
  if (sign === 'change' && value === 0)
    return { ok: false, message: 'Informe uma quantidade diferente de zero.' };
  return { ok: true, value };
}

/** What an input shows for a count: '12', or kg for grams ('1,5'). */
export function amountInput(amount: number, measure: StockMeasure): string {
  return measure === 'gram' ? String(amount / 1000).replace('.', ',') : String(amount);
}

export type BulkMode = 'set' | 'add';
type Item = StockAdjustBody['items'][number];

/**
 * The items of a bulk adjustment over the products' units: each unit set to the amount, or changed by it (kg for
 * kilo products). A message when the amount does not fit a product's measure.
 */
export function bulkItems(
  products: ProductStockSummary[],
  mode: BulkMode,
  text: string,
): { ok: true; items: Item[] } | { ok: false; message: string } {
  const items: Item[] = [];
  for (const product of products) {
    const parsed = parseStockAmount(text, product.measure, mode === 'set' ? 'count' : 'change');
    if (!parsed.ok) return parsed;
    for (const unit of product.units)
      items.push(
        mode === 'set'
          ? { unitId: unit.unitId, onHand: parsed.value }
          : { unitId: unit.unitId, delta: parsed.value },
      );
  }
  return { ok: true, items };
}

/** `list` in batches of at most `size`. */
export function batches<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The unit of a variant row of the editor: its code, else its SKU (an imported variant keeps its own code). */
export function unitOfVariant(
  units: StockUnit[],
  variant: { options: Record<string, string>; sku: string },
  attributes: { name: string }[],
): StockUnit | undefined {
  const code = variantCode(variant.options, attributes);
  return (
    units.find((u) => u.variantId === code) ??
    units.find((u) => u.variantId !== null && u.sku === variant.sku)
  );
}

const ACTORS: Record<StockMovement['actor'], string> = {
  shopper: 'Cliente',
  agent: 'Atendente',
  staff: 'Equipe',
  platform: 'Plataforma (API)',
  system: 'Sistema',
};

/** A history row's texts: why, who, and what moved ('Estoque −3', 'Reservado +2'). */
export function movementTexts(m: StockMovement, measure: StockMeasure) {
  const moved: string[] = [];
  if (m.onHandDelta !== 0) moved.push(`Estoque ${signedStockAmount(m.onHandDelta, measure)}`);
  if (m.heldDelta !== 0) moved.push(`Reservado ${signedStockAmount(m.heldDelta, measure)}`);
  return {
    reason: STOCK_REASON_LABELS[m.reason],
    who: m.actor === 'staff' ? (m.staffName ?? ACTORS.staff) : ACTORS[m.actor],
    moved: moved.join(' · '),
  };
}
