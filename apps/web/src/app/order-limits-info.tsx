import { useId, useState, type KeyboardEvent } from 'react';
import { useCurrentOrder } from '../stores/app-store';
import { orderLimitLines } from './order-limits';

/**
 * Info button next to the logo; its tooltip lists the order limits. The tooltip opens on hover, focus
 * and tap, stays while hovered, closes on blur, pointer leave and Escape (WCAG 1.4.13), and describes the
 * button for screen readers (aria-describedby). Renders nothing when the order has no limits.
 */
export function OrderLimitsInfo() {
  const order = useCurrentOrder();
  const [open, setOpen] = useState(false);
  const tooltipId = useId();
  const lines = orderLimitLines(order);
  if (lines.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="limits" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="icon-button limits__button"
        aria-label="Limites do pedido"
        aria-describedby={tooltipId}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            fill="currentColor"
            d="M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16z"
          />
        </svg>
      </button>
      <div id={tooltipId} role="tooltip" className={`limits__tooltip${open ? ' limits__tooltip--open' : ''}`}>
        <ul className="limits__list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
