/**
 * Order summary of the cart (spec §2, §5): items amount, discount ('você economizou' with its absolute
 * value), subtotal (items less the discount, whatever its sign) and total. Dimmed while a change is pending.
 */
import type { Order } from '@vitrine/contracts/order';
import { formatReais } from '@vitrine/contracts/money';
import { orderSummaryFigures } from '../../../stores/order/order-summary';

export interface CartSummaryProps {
  order: Pick<Order, 'itemsAmout' | 'discountAmout' | 'totalAmout'>;
  updating: boolean;
}

export function CartSummary({ order, updating }: CartSummaryProps) {
  const figures = orderSummaryFigures(order);
  return (
    <section
      className={`cart-summary${updating ? ' cart-summary--updating' : ''}`}
      aria-labelledby="cart-summary-title"
      aria-busy={updating}
    >
      <h2 id="cart-summary-title" className="cart-summary__title">
        Resumo do pedido
      </h2>
      <dl className="cart-summary__rows">
        <div>
          <dt>Itens</dt>
          <dd>{formatReais(figures.itemsAmount)}</dd>
        </div>
        {figures.savings > 0 && (
          <div className="cart-summary__savings">
            <dt>Desconto</dt>
            <dd>você economizou {formatReais(figures.savings)}</dd>
          </div>
        )}
        <div>
          <dt>Subtotal</dt>
          <dd>{formatReais(figures.subtotal)}</dd>
        </div>
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd>{formatReais(figures.total)}</dd>
        </div>
      </dl>
      <p className="visually-hidden" role="status">
        {updating ? 'Atualizando pedido' : ''}
      </p>
    </section>
  );
}
