import { describe, expect, it } from 'vitest';
import { signedStockAmount, stockAmount } from './stock-amount';

describe('console stock amounts', () => {
  it('show units as whole numbers and grams by the t/kg/g rule', () => {
    expect(stockAmount(12, 'unit')).toBe('12');
    expect(stockAmount(1250, 'unit')).toBe('1.250');
    expect(stockAmount(-2, 'unit')).toBe('-2');
    expect(stockAmount(1500, 'gram')).toBe('1,5 kg');
    expect(stockAmount(500, 'gram')).toBe('500 g');
    expect(stockAmount(1234, 'gram')).toBe('1,23 kg');
    expect(stockAmount(2_500_000, 'gram')).toBe('2,5 t');
    expect(stockAmount(0, 'gram')).toBe('0 kg');
  });

  it('sign a movement’s change', () => {
    expect(signedStockAmount(5, 'unit')).toBe('+5');
    expect(signedStockAmount(-3, 'unit')).toBe('−3');
    expect(signedStockAmount(1500, 'gram')).toBe('+1,5 kg');
    expect(signedStockAmount(-500, 'gram')).toBe('−500 g');
  });
});
