import { describe, expect, it } from 'vitest';
import { isSoldOut, maxQuantityOf, stockShortMessage } from './stock.ts';

describe('stock messages and limits', () => {
  it('names the product and what is left, in units or kilos', () => {
    expect(stockShortMessage('Azeite Extra Virgem 500 ml', 2, false)).toBe(
      'Só restam 2 unidades de Azeite Extra Virgem 500 ml.',
    );
    expect(stockShortMessage('Azeite', 1, false)).toBe('Só resta 1 unidade de Azeite.');
    expect(stockShortMessage('Azeite', 0, false)).toBe('Não há mais Azeite em estoque.');
    expect(stockShortMessage('Queijo Minas', 500, true)).toBe('Só restam 0,5 kg de Queijo Minas.');
    expect(stockShortMessage('Queijo Minas', 1250, true)).toBe('Só restam 1,25 kg de Queijo Minas.');
    expect(stockShortMessage('Queijo Minas', -3, true)).toBe('Não há mais Queijo Minas em estoque.');
  });

  it('caps the quantity at what is left (portions of a kilo product), unlimited when untracked', () => {
    expect([isSoldOut(0), isSoldOut(-1), isSoldOut(1), isSoldOut(null), isSoldOut(undefined)]).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(maxQuantityOf(2, false, null)).toBe(2);
    expect(maxQuantityOf(1250, true, 0.5)).toBe(2);
    expect(maxQuantityOf(-4, false, null)).toBe(0);
    expect(maxQuantityOf(null, false, null)).toBeNull();
  });
});
