/**
 * Messages above the confirm button (spec §5): blocking messages under 'Atenção:' (the confirm stays disabled
 * while any exists) and the catalogue error messages (shown, but not blocking by themselves).
 */
import type { Order } from '@vitrine/contracts/order';

export function CartAlerts({ order }: { order: Pick<Order, 'blockingMessages' | 'catalogErrorMessages'> }) {
  const blocking = order.blockingMessages ?? [];
  const catalog = order.catalogErrorMessages ?? [];
  if (blocking.length === 0 && catalog.length === 0) return null;
  return (
    <div className="cart-alerts">
      {blocking.length > 0 && (
        <div className="cart-alert cart-alert--warning" role="alert">
          <p className="cart-alert__title">Atenção:</p>
          <ul className="cart-alert__list">
            {blocking.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      {catalog.length > 0 && (
        <div className="cart-alert cart-alert--info" role="status">
          <ul className="cart-alert__list">
            {catalog.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
