/**
 * One collapsible facet group of the filter panel: a heading button (aria-expanded) over checkboxes
 * showing each value's name and quantity. Long lists show their first values and a 'Mostrar todos' toggle.
 */
import { useId, useState } from 'react';
import type { Facet } from '@vitrine/contracts/catalog';

const COLLAPSED_VALUES = 8;

export interface FacetGroupProps {
  title: string;
  children: React.ReactNode;
}

/** Collapsible section shared by value facets and the price facet. */
export function FacetSection({ title, children }: FacetGroupProps) {
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId();
  return (
    <section className="facet">
      <h3 className="facet__heading">
        <button
          type="button"
          className="facet__toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded((value) => !value)}
        >
          {title}
          <svg className="facet__chevron" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path fill="currentColor" d="m7 10 5 5 5-5z" />
          </svg>
        </button>
      </h3>
      <div id={bodyId} className="facet__body" hidden={!expanded}>
        {children}
      </div>
    </section>
  );
}

export interface FacetValuesProps {
  facet: Facet;
  selected: readonly string[];
  onToggle: (value: string) => void;
}

export function FacetValues({ facet, selected, onToggle }: FacetValuesProps) {
  const [showAll, setShowAll] = useState(false);
  // Ticked values always stay visible, even beyond the collapsed count.
  const values = showAll
    ? facet.values
    : facet.values.filter((value, index) => index < COLLAPSED_VALUES || selected.includes(value.value));
  const hidden = facet.values.length - values.length;

  return (
    <FacetSection title={facet.name}>
      <ul className="facet__values">
        {values.map((value) => (
          <li key={value.value}>
            <label className="facet__option">
              <input
                type="checkbox"
                className="facet__checkbox"
                checked={selected.includes(value.value)}
                onChange={() => onToggle(value.value)}
              />
              <span className="facet__name">{value.name}</span>{' '}
              <span className="facet__count">({value.quantity})</span>
            </label>
          </li>
        ))}
      </ul>
      {(hidden > 0 || showAll) && facet.values.length > COLLAPSED_VALUES && (
        <button type="button" className="facet__more" onClick={() => setShowAll((value) => !value)}>
          {showAll ? 'Mostrar menos' : `Mostrar todos (${facet.values.length})`}
        </button>
      )}
    </FacetSection>
  );
}
