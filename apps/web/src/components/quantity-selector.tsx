/**
 * Quantity selector (spec §2, §4, §5): '−' titled 'Remover um item', an input labelled and placeholdered
 * 'Quantidade', '+' titled 'Adicionar mais um item'.
 *
 * - Whole numbers from 1; an empty (or invalid) input becomes 1 when it loses focus. With `onZero` (the
 *   cart, spec §4: quantity 0 removes the item) a typed 0 calls it on blur or Enter instead.
 * - Decrease is disabled at 1 or lower; increase adds one (up to `max`).
 * - `readOnly` disables the input and hides both buttons.
 * - Typing reports each valid number at once (callers debounce what they send); Enter commits.
 *
 *   <QuantitySelector value={quantity} onChange={setQuantity} />
 */
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { normalizeQuantity } from '@vitrine/contracts/quantity';
import './quantity-selector.css';

/** Largest line quantity the order API accepts (MAX_LINE_QUANTITY of contracts/order-api, kept zod-free). */
export const QUANTITY_MAX = 999;

export interface QuantitySelectorProps {
  value: number;
  onChange: (quantity: number) => void;
  readOnly?: boolean;
  /** Disables the buttons and the input (e.g. while the page loads). */
  disabled?: boolean;
  max?: number;
  /** Accessible label and placeholder (default 'Quantidade'). */
  label?: string;
  /** Names what the quantity is of, for screen readers ('Quantidade de Banana Prata'). */
  itemName?: string;
  size?: 'sm' | 'md';
  className?: string;
  /** Called when 0 is typed and committed (blur, Enter); without it 0 becomes 1. */
  onZero?: () => void;
}

export function QuantitySelector({
  value,
  onChange,
  readOnly = false,
  disabled = false,
  max = QUANTITY_MAX,
  label = 'Quantidade',
  itemName,
  size = 'md',
  className,
  onZero,
}: QuantitySelectorProps) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (quantity: number) => Math.min(max, normalizeQuantity(quantity));

  const commit = () => {
    if (draft === null) return;
    if (onZero && /^0+$/.test(draft)) {
      setDraft(null);
      onZero();
      return;
    }
    const next = clamp(normalizeQuantity(draft));
    setDraft(null);
    if (next !== value) onChange(next);
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value.replace(/\D/g, '').slice(0, String(max).length);
    setDraft(text);
    const typed = Number(text);
    if (text !== '' && typed >= 1 && clamp(typed) !== value) onChange(clamp(typed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') commit();
  };

  const step = (delta: number) => {
    setDraft(null);
    onChange(clamp(value + delta));
  };

  return (
    <div
      className={`quantity quantity--${size}${readOnly ? ' quantity--readonly' : ''}${className ? ` ${className}` : ''}`}
      role="group"
      aria-label={itemName ? `${label} de ${itemName}` : label}
    >
      {!readOnly && (
        <button
          type="button"
          className="quantity__button"
          title="Remover um item"
          aria-label="Remover um item"
          disabled={disabled || value <= 1}
          onClick={() => step(-1)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M5 11h14v2H5z" />
          </svg>
        </button>
      )}
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="quantity__input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={label}
        value={draft ?? String(value)}
        disabled={readOnly || disabled}
        onChange={onInput}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {!readOnly && (
        <button
          type="button"
          className="quantity__button"
          title="Adicionar mais um item"
          aria-label="Adicionar mais um item"
          disabled={disabled || value >= max}
          onClick={() => step(1)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" />
          </svg>
        </button>
      )}
    </div>
  );
}
