/**
 * Money helpers. Money is integer centavos everywhere (convention 1); reais exist only at the edges:
 * in an outside system's payload (convert inside its adapter) and in what the shopper reads.
 *
 * - `centsToReais` / `reaisToCents` convert at those edges, exactly. Both throw RangeError for values that
 *   cannot be money (NaN, ±Infinity, fractional centavos, beyond Number.MAX_SAFE_INTEGER): that is a bug.
 * - `formatBRL` renders centavos for display with pt-BR conventions; the formatter is created once.
 *
 * Note on `formatBRL`: `Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })` puts a
 * NON-BREAKING SPACE (U+00A0) between `R$` and the amount (`'R$\u00a019,99'`), and negative amounts come
 * out as `'-R$\u00a019,99'`. We keep exactly what Intl gives (the nbsp stops the symbol wrapping away
 * from the amount). Tests should compare with Intl's own output or normalise `\u00a0` to a space.
 */

/** The non-breaking space (U+00A0) Intl puts after `R$`; exported so tests and callers can normalise it. */
export const BRL_SPACE = '\u00a0';

const brlFormatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money must be a safe integer number of centavos, got ${String(cents)}`);
  }
}

/** Whether `value` is a usable amount of centavos (a safe integer; may be negative, e.g. a discount). */
export function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Centavos → reais, exactly (1999 → 19.99); throws RangeError unless `cents` is a safe integer. */
export function centsToReais(cents: number): number {
  assertCents(cents);
  // IEEE division of an integer by 100 is correctly rounded, so it yields the same double as the literal.
  return cents / 100;
}

/** Reais → nearest centavo, halves away from zero, free of float error (19.99 → 1999); throws on NaN/∞. */
export function reaisToCents(reais: number): number {
  // `reais * 100` suffers binary float error (19.99 * 100 = 1998.9999999999998), so instead shift the
  // decimal point in the number's shortest decimal form ('19.99e2'): 1.005 → 101, 0.1 + 0.2 → 30.
  if (!Number.isFinite(reais)) {
    throw new RangeError(`Cannot convert ${String(reais)} reais to centavos`);
  }
  const sign = reais < 0 ? -1 : 1;
  const [mantissa, exponent = '0'] = Math.abs(reais).toString().split('e');
  const shifted = Number(`${mantissa}e${Number(exponent) + 2}`);
  const cents = sign * Math.round(shifted) || 0; // `|| 0` turns -0 into 0
  assertCents(cents);
  return cents;
}

/** Centavos → pt-BR display text, 1999 → 'R$\u00a019,99' (nbsp kept from Intl); throws unless integer. */
export function formatBRL(cents: number): string {
  return brlFormatter.format(centsToReais(cents));
}

/** Reais as the API sends them → 'R$ 19,99' for display; '' for a missing or non-finite value. */
export function formatReais(reais: number | null | undefined): string {
  if (typeof reais !== 'number' || !Number.isFinite(reais)) return '';
  return formatBRL(reaisToCents(reais));
}
