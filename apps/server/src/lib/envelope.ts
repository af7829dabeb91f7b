import { z } from 'zod';
import { envelope } from '@vitrine/contracts/envelope';

/** Wraps a result in the response envelope `{ success: true, data, errors: [] }`. */
export function ok<T>(data: T) {
  return { success: true as const, data, errors: [] };
}

/** Response schemas for a route: the 200 envelope of `data`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return { 200: envelope(data) };
}
