/**
 * Total and savings of the card page (spec §2): the total (the server's, which includes the interest of the
 * chosen plan), the installments, and 'você economizou' when the order has a discount (spec §5).
 */
import type { Order } from '@vitrine/contracts/order';
import type { CardOption } from '@vitrine/contracts/payment';
import { formatReais } from '@vitrine/contracts/money';
import { orderSummaryFigures } from '../../../stores/order/order-summary';

export interface PaymentTotalProps {
  order: Pick<Order, 'itemsAmout' | 'discountAmout' | 'totalAmout'>;
  plan: CardOption['installments'][number] | null;
  updating: boolean;
}

export function PaymentTotal({ order, plan, updating }: PaymentTotalProps) {
  const figures = orderSummaryFigures(order);
  return (
    <section className="payment-total" aria-label="Total do pedido" aria-busy={updating}>
      <dl>
        <div className="payment-total__total">
          <dt>Total</dt>
          <dd>{formatReais(figures.total)}</dd>
        </div>
        {figures.savings > 0 && (
          <div className="payment-total__savings">
            <dt>Economia</dt>
            <dd>você economizou {formatReais(figures.savings)}</dd>
          </div>
        )}
        {plan && (
          <div>
            <dt>Parcelas</dt>
            <dd>
              {plan.count}x de {formatReais(plan.value)} {plan.interestFree ? 'sem juros' : 'com juros'}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
