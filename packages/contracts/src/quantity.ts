/**
 * The quantity a shopper types, made a whole number. On its own (not in validators.ts) so that the product
 * and cart routes' quantity selector does not pull the form validators with it.
 */

/** Quantity as typed → a whole number ≥ 1: empty, NaN or non-finite → 1, fractions dropped, below 1 → 1. */
export function normalizeQuantity(input: string | number | null | undefined): number {
  if (input === null || input === undefined) return 1;
  const n = typeof input === 'number' ? input : input.trim() === '' ? NaN : Number(input.trim());
  if (!Number.isFinite(n)) return 1;
  return Math.min(Math.max(1, Math.floor(n)), Number.MAX_SAFE_INTEGER);
}
