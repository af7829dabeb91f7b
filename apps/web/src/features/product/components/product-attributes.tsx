/**
 * Attribute pickers (spec §2, §4): one group of option buttons per visible attribute. Options no available
 * variant offers with the rest of the selection are disabled; the selected one is pressed and clicking it
 * again deselects it; a redirectable option loads the variant's own page.
 */
import type { Product } from '@vitrine/contracts/catalog';
import {
  isOptionEnabled,
  type Attribute,
  type AttributeOption,
  type Selection,
} from '../lib/variant-selection';

export interface ProductAttributesProps {
  attributes: Attribute[];
  dimensions: Product['dimensions'];
  selection: Selection;
  disabled?: boolean;
  onClick: (attributeId: string, option: AttributeOption) => void;
}

export function ProductAttributes({
  attributes,
  dimensions,
  selection,
  disabled,
  onClick,
}: ProductAttributesProps) {
  if (attributes.length === 0) return null;
  return (
    <div className="product__attributes">
      {attributes.map((attribute) => {
        const chosen = attribute.options.find(
          (option) => option.providerId === selection[attribute.providerId],
        );
        const labelId = `attribute-${attribute.providerId}`;
        return (
          <fieldset key={attribute.providerId} className="attribute" aria-labelledby={labelId}>
            <legend id={labelId} className="attribute__label">
              {attribute.name}
              {chosen && <span className="attribute__chosen">: {chosen.name}</span>}
            </legend>
            <div className="attribute__options">
              {attribute.options.map((option) => {
                const selected = chosen?.providerId === option.providerId;
                const enabled =
                  selected || isOptionEnabled(dimensions, selection, attribute.providerId, option.providerId);
                return (
                  <button
                    key={option.providerId}
                    type="button"
                    className={`attribute__option${selected ? ' attribute__option--selected' : ''}`}
                    aria-pressed={selected}
                    disabled={disabled || !enabled}
                    title={enabled ? undefined : 'Indisponível'}
                    onClick={() => onClick(attribute.providerId, option)}
                  >
                    {option.name}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
