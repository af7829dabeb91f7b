/**
 * Price slider rules (spec §2, §4, §5): two thumbs over the price facet's full range, moving in steps of
 * R$ 10,50 from the lowest price (the last step lands exactly on the highest price); a selection equal to
 * the full range is no filter. Arithmetic in centavos, never in float reais.
 */
import { centsToReais, formatReais, reaisToCents } from '@vitrine/contracts/money';
import { PRICE_STEP_CENTS } from './catalog-constants';

export interface PriceRange {
  /** Reais, inclusive. */
  from: number;
  to: number;
}

/** Slider positions 0..steps over a full range; position `steps` is the highest price. */
export interface PriceScale {
  minCents: number;
  maxCents: number;
  steps: number;
}

export function priceScale(full: PriceRange): PriceScale {
  const minCents = reaisToCents(Math.min(full.from, full.to));
  const maxCents = reaisToCents(Math.max(full.from, full.to));
  return { minCents, maxCents, steps: Math.ceil((maxCents - minCents) / PRICE_STEP_CENTS) };
}

/** Price in reais at a slider position (clamped to the scale). */
export function priceAt(scale: PriceScale, position: number): number {
  const index = Math.min(Math.max(Math.round(position), 0), scale.steps);
  const cents = index >= scale.steps ? scale.maxCents : scale.minCents + index * PRICE_STEP_CENTS;
  return centsToReais(cents);
}

/** Nearest slider position of a price in reais. */
export function positionOf(scale: PriceScale, reais: number): number {
  const cents = reaisToCents(reais);
  if (cents >= scale.maxCents) return scale.steps;
  if (cents <= scale.minCents) return 0;
  return Math.min(Math.round((cents - scale.minCents) / PRICE_STEP_CENTS), scale.steps);
}

/** A selection snapped to the scale, inside the full range, with from ≤ to. */
export function clampRange(scale: PriceScale, selected: PriceRange): PriceRange {
  const low = positionOf(scale, Math.min(selected.from, selected.to));
  const high = positionOf(scale, Math.max(selected.from, selected.to));
  return { from: priceAt(scale, low), to: priceAt(scale, high) };
}

/** Whether a selection covers the whole range (then it must not be sent as a filter). */
export function isFullRange(scale: PriceScale, selected: PriceRange): boolean {
  return reaisToCents(selected.from) <= scale.minCents && reaisToCents(selected.to) >= scale.maxCents;
}

/** The range to filter by, or null when the selection is the full range. */
export function priceFilterRange(full: PriceRange, selected: PriceRange): PriceRange | null {
  const scale = priceScale(full);
  const range = clampRange(scale, selected);
  return isFullRange(scale, range) ? null : range;
}

/** 'Preço de R$ x até R$ y'. */
export function priceSummary(range: PriceRange): string {
  return `Preço de ${formatReais(range.from)} até ${formatReais(range.to)}`;
}
