/**
 * Stock quantities as the console shows them (issue 31): whole units as numbers, kilo products' grams by spec §9's
 * weight rule (t from 1000 kg, kg from 1 kg, g below; up to 2 decimals).
 */
import { formatWeight } from '@vitrine/contracts/format';

/** How a unit counts: whole units, or grams (a kilo product). */
export type StockMeasure = 'unit' | 'gram';

const whole = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** '12', '1.250', '1,5 kg', '500 g', '-2' (below zero only with backorder). */
export function stockAmount(amount: number, measure: StockMeasure): string {
  if (measure === 'gram') return amount === 0 ? '0 kg' : formatWeight(amount / 1000);
  return whole.format(amount);
}

/** A movement's change with its sign: '+5', '−3', '+1,5 kg', '−500 g'. */
export function signedStockAmount(delta: number, measure: StockMeasure): string {
  const size = stockAmount(Math.abs(delta), measure);
  return delta < 0 ? `−${size}` : `+${size}`;
}
