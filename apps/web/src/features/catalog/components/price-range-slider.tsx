/**
 * Price facet (spec §2, §4, §5): a two-thumb range slider over the facet's full range in steps of
 * R$ 10,50, with the summary 'Preço de R$ x até R$ y'. Two native range inputs (keyboard, labels and
 * value texts for free) over slider positions; the last position is exactly the highest price.
 * Changes are sent after 500 ms without movement; the full range sends no price filter (null).
 */
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { formatReais } from '@vitrine/contracts/money';
import { PRICE_DEBOUNCE_MS } from '../lib/catalog-constants';
import {
  clampRange,
  positionOf,
  priceAt,
  priceFilterRange,
  priceScale,
  priceSummary,
  type PriceRange,
} from '../lib/price-range';

export interface PriceRangeSliderProps {
  full: PriceRange;
  /** The applied price filter, null = full range. */
  selected: PriceRange | null;
  onChange: (range: PriceRange | null) => void;
}

export function PriceRangeSlider({ full, selected, onChange }: PriceRangeSliderProps) {
  const { from: fullFrom, to: fullTo } = full;
  const scale = useMemo(() => priceScale({ from: fullFrom, to: fullTo }), [fullFrom, fullTo]);
  // Draft: what the thumbs show while a change waits for its debounce.
  const [draft, setDraft] = useState<PriceRange | null>(null);
  const value = clampRange(scale, draft ?? selected ?? full);
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; range: PriceRange } | null>(null);
  const latest = useRef({ onChange, full });
  useEffect(() => {
    latest.current = { onChange, full };
  });

  // Leaving (e.g. closing the mobile overlay) sends a change still waiting.
  useEffect(
    () => () => {
      if (!pending.current) return;
      clearTimeout(pending.current.timer);
      latest.current.onChange(priceFilterRange(latest.current.full, pending.current.range));
      pending.current = null;
    },
    [],
  );

  const update = (range: PriceRange) => {
    setDraft(range);
    if (pending.current) clearTimeout(pending.current.timer);
    const timer = setTimeout(() => {
      pending.current = null;
      setDraft(null);
      latest.current.onChange(priceFilterRange(latest.current.full, range));
    }, PRICE_DEBOUNCE_MS);
    pending.current = { timer, range };
  };

  const low = positionOf(scale, value.from);
  const high = positionOf(scale, value.to);
  const percent = (position: number) => (scale.steps === 0 ? 0 : (position / scale.steps) * 100);
  const style = { '--low': `${percent(low)}%`, '--high': `${percent(high)}%` } as CSSProperties;

  return (
    <div className="price-range">
      <div className="price-range__slider" style={style}>
        <span className="price-range__track" aria-hidden="true" />
        <input
          type="range"
          className={`price-range__input${low === scale.steps ? ' price-range__input--top' : ''}`}
          min={0}
          max={scale.steps}
          step={1}
          value={low}
          aria-label="Preço mínimo"
          aria-valuetext={formatReais(value.from)}
          onChange={(event) =>
            update({ from: priceAt(scale, Math.min(Number(event.target.value), high)), to: value.to })
          }
        />
        <input
          type="range"
          className="price-range__input"
          min={0}
          max={scale.steps}
          step={1}
          value={high}
          aria-label="Preço máximo"
          aria-valuetext={formatReais(value.to)}
          onChange={(event) =>
            update({ from: value.from, to: priceAt(scale, Math.max(Number(event.target.value), low)) })
          }
        />
      </div>
      <p className="price-range__summary" aria-live="polite">
        {priceSummary(value)}
      </p>
    </div>
  );
}
