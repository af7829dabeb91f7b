/**
 * The digits of typed text, on its own so that display formatting (format.ts, masks.ts), which the
 * storefront's first route needs, does not pull the form validators (validators.ts) into it.
 */

/** Keeps only the ASCII digits of `s` ('529.982.247-25' → '52998224725'). */
export function onlyDigits(s: string): string {
  return s.replace(/\D/g, '');
}
