/**
 * Pickup or delivery options as radio choices (spec §2). Pickup: name, price, minimum order, max distinct
 * items, max items. Delivery: name, estimate (one sentence: 'No mesmo dia', 'Em até 2 dias'), price or 'Grátis', store name.
 */
import type { LogisticOption } from '@vitrine/contracts/checkout';
import { shownEstimate } from '@vitrine/contracts/delivery-estimate';
import { formatReais } from '@vitrine/contracts/money';
import { DELIVERY } from '../lib/checkout-form';
import { priceOrFree } from '../lib/price-text';

export interface LogisticOptionsProps {
  type: number;
  options: LogisticOption[];
  selected: string;
  disabled: boolean;
  onSelect: (option: LogisticOption) => void;
}

function details(type: number, option: LogisticOption): string[] {
  if (type === DELIVERY)
    return [shownEstimate(option.shippingTimeEstimative), option.storeName].filter(Boolean);
  return [
    option.orderMinPrice ? `Pedido mínimo: ${formatReais(option.orderMinPrice)}` : '',
    option.maxDistinctItems ? `Máximo de itens distintos: ${option.maxDistinctItems}` : '',
    option.maxItemsAmout ? `Máximo de itens: ${option.maxItemsAmout}` : '',
  ].filter(Boolean);
}

export function LogisticOptions({ type, options, selected, disabled, onSelect }: LogisticOptionsProps) {
  const title = type === DELIVERY ? 'Opções de entrega' : 'Opções de retirada';
  if (options.length === 0) return null;
  return (
    <fieldset className="checkout-choices checkout-block">
      <legend className="checkout-block__title">{title}</legend>
      {options.map((option) => (
        <label key={option.providerId} className="checkout-choice checkout-choice--card">
          <input
            type="radio"
            name={`logistic-${type}`}
            value={option.providerId}
            checked={selected === option.providerId}
            disabled={disabled}
            onChange={() => onSelect(option)}
          />
          <span className="checkout-choice__body">
            <span className="checkout-choice__title">
              <span>{option.name}</span>
              <span className="checkout-choice__price">{priceOrFree(option.price)}</span>
            </span>
            {details(type, option).map((line) => (
              <span key={line} className="checkout-list__meta">
                {line}
              </span>
            ))}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
