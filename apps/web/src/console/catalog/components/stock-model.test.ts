import { describe, expect, it } from 'vitest';
import type { ProductStockSummary, StockMovement, StockUnit } from '@vitrine/contracts/console-stock';
import {
  amountInput,
  batches,
  bulkItems,
  movementTexts,
  parseStockAmount,
  unitOfVariant,
} from './stock-model';

const unit = (unitId: string, extra: Partial<StockUnit> = {}): StockUnit => ({
  unitId,
  productId: 'P',
  variantId: null,
  sku: unitId,
  name: unitId,
  measure: 'unit',
  onHand: 0,
  held: 0,
  available: 0,
  low: false,
  ...extra,
});
const product = (code: string, measure: 'unit' | 'gram', units: StockUnit[]): ProductStockSummary => ({
  code,
  track: true,
  allowBackorder: false,
  lowThreshold: 0,
  measure,
  onHand: 0,
  held: 0,
  available: 0,
  low: false,
  units,
});

describe('typed stock quantities', () => {
  it('take whole units, and kg with up to 3 decimals as grams', () => {
    expect(parseStockAmount('12', 'unit', 'count')).toEqual({ ok: true, value: 12 });
    expect(parseStockAmount(' -3 ', 'unit', 'change')).toEqual({ ok: true, value: -3 });
    expect(parseStockAmount('1,5', 'gram', 'count')).toEqual({ ok: true, value: 1500 });
    expect(parseStockAmount('0.25 kg', 'gram', 'count')).toEqual({ ok: true, value: 250 });
    expect(parseStockAmount('-0,125', 'gram', 'change')).toEqual({ ok: true, value: -125 });
  });

  it('refuse in pt-BR what is not a quantity of its kind', () => {
    const message = (p: ReturnType<typeof parseStockAmount>) => (p.ok ? null : p.message);
    expect(message(parseStockAmount('', 'unit', 'count'))).toBe('Informe a quantidade.');
    expect(message(parseStockAmount('1,5', 'unit', 'count'))).toBe(
      'A quantidade deve ser um número inteiro.',
    );
    expect(message(parseStockAmount('1,2345', 'gram', 'count'))).toMatch(/^Informe o peso em kg/);
    expect(message(parseStockAmount('-1', 'unit', 'count'))).toBe('O estoque não pode ser negativo.');
    expect(message(parseStockAmount('0', 'unit', 'change'))).toBe(
      'Informe uma quantidade diferente de zero.',
    );
    expect(message(parseStockAmount('2000000000', 'unit', 'count'))).toBe('Quantidade grande demais.');
  });

  it('show a count back in an input (kg for grams)', () => {
    expect(amountInput(1500, 'gram')).toBe('1,5');
    expect(amountInput(7, 'unit')).toBe('7');
  });
});

describe('bulk adjustments', () => {
  const list = [product('A', 'unit', [unit('a1'), unit('a2')]), product('K', 'gram', [unit('k1')])];

  it('set or change every unit of the products, kilo products in grams', () => {
    expect(bulkItems(list, 'set', '2')).toEqual({
      ok: true,
      items: [
        { unitId: 'a1', onHand: 2 },
        { unitId: 'a2', onHand: 2 },
        { unitId: 'k1', onHand: 2000 },
      ],
    });
    expect(bulkItems(list, 'add', '-1')).toEqual({
      ok: true,
      items: [
        { unitId: 'a1', delta: -1 },
        { unitId: 'a2', delta: -1 },
        { unitId: 'k1', delta: -1000 },
      ],
    });
  });

  it('refuse an amount that does not fit a product, and go in batches', () => {
    expect(bulkItems(list, 'set', '1,5')).toEqual({
      ok: false,
      message: 'A quantidade deve ser um número inteiro.',
    });
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([], 2)).toEqual([]);
  });
});

describe('the editor and the history', () => {
  it("find a variant row's unit by its code, else by SKU", () => {
    const attributes = [{ name: 'Tamanho' }];
    const units = [unit('v1', { variantId: 'p', sku: 'S-P' }), unit('v2', { variantId: '123', sku: 'S-G' })];
    expect(unitOfVariant(units, { options: { Tamanho: 'P' }, sku: 'x' }, attributes)?.unitId).toBe('v1');
    expect(unitOfVariant(units, { options: { Tamanho: 'G' }, sku: 'S-G' }, attributes)?.unitId).toBe('v2');
    expect(unitOfVariant(units, { options: { Tamanho: 'M' }, sku: 'S-M' }, attributes)).toBeUndefined();
  });

  it('say why, who and what moved', () => {
    const base: StockMovement = {
      id: 1,
      unitId: 'a1',
      reason: 'adjustment',
      onHandDelta: -3,
      heldDelta: 0,
      orderId: null,
      actor: 'staff',
      note: 'Quebrou',
      at: '2026-11-29T12:00:00Z',
      staffName: 'Dona Ana',
      orderNumber: null,
    };
    expect(movementTexts(base, 'unit')).toEqual({ reason: 'Ajuste', who: 'Dona Ana', moved: 'Estoque −3' });
    expect(
      movementTexts(
        { ...base, reason: 'sold', actor: 'system', staffName: null, onHandDelta: -1500, heldDelta: -1500 },
        'gram',
      ),
    ).toEqual({
      reason: 'Vendido (pedido finalizado)',
      who: 'Sistema',
      moved: 'Estoque −1,5 kg · Reservado −1,5 kg',
    });
    expect(
      movementTexts({ ...base, reason: 'sale_held', actor: 'shopper', onHandDelta: 0, heldDelta: 2 }, 'unit'),
    ).toEqual({
      reason: 'Reservado por pedido',
      who: 'Cliente',
      moved: 'Reservado +2',
    });
  });
});
