/** Prices as the checkout shows them: 'Grátis' for zero or empty (spec §2), else formatted BRL. */
import { formatReais } from '@vitrine/contracts/money';

export function priceOrFree(reais: number | null | undefined): string {
  return reais ? formatReais(reais) : 'Grátis';
}

/** A delivery estimate read as 'Em até …' (without repeating it when the text already says so). */
export function estimateText(estimate: string | null): string {
  if (!estimate) return '';
  return /^em até/i.test(estimate) ? estimate : `Em até ${estimate}`;
}
