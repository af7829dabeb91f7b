/**
 * The database's stock refusals as AppErrors (decision 0044): migration 0050's hold raises 'stock_short' (SQLSTATE
 * VS001) with the unit's name and what is left; the level's check refuses a count or a backorder switch that
 * would leave fewer than the units held by confirmed orders.
 */
import { stockShortOf } from '@vitrine/contracts/stock';
import { AppError } from '../../lib/app-error.ts';

type DatabaseError = { code?: unknown; detail?: unknown; message?: unknown };

/** The pt-BR refusal a database error of the stock stands for, or null when it is not one. */
export function stockRefusalOf(error: unknown): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, detail, message } = error as DatabaseError;
  if (code === 'VS001' && typeof detail === 'string') {
    const short = JSON.parse(detail) as { name: string; left: number; kilo: boolean };
    const { code: refusal, params } = stockShortOf(short.name, Number(short.left), Boolean(short.kilo));
    return new AppError('conflict', refusal, params);
  }
  if (code === '23514' && typeof message === 'string' && message.includes('stock_levels_available')) {
    return new AppError('conflict', 'stockBelowHeld');
  }
  return null;
}
