/**
 * 4. Itens do pedido (spec §2): the order lines, editable as in the cart (debounced quantities, removal),
 * plus the gift panel: the same line list, gift panel and hooks as the cart (components/order, stores/order).
 */
import type { Order } from '@vitrine/contracts/order';
import { OrderLineList } from '../../../components/order/order-line-list';
import { GiftPanel } from '../../../components/order/gift-panel';
import { useLineQuantities } from '../../../stores/order/line-quantities';
import { useGiftSelection } from '../../../stores/order/select-gifts';

export function ItemsSection({ order }: { order: Order }) {
  const quantities = useLineQuantities();
  const gifts = useGiftSelection(quantities.busy);
  const lines = order.items.filter((item) => quantities.quantityOf(item) > 0);

  return (
    <section className="checkout-section" aria-labelledby="checkout-items-title">
      <h2 id="checkout-items-title" className="checkout-section__title">
        Itens do pedido
      </h2>
      {lines.length === 0 ? (
        <p className="checkout-note">Nenhum item no pedido.</p>
      ) : (
        <OrderLineList lines={lines} quantities={quantities} aria-labelledby="checkout-items-title" />
      )}
      <GiftPanel
        groups={order.gifts}
        busy={quantities.busy || gifts.busy}
        onToggle={(g, gift) => void gifts.toggle(g, gift)}
      />
      <p className="visually-hidden" role="status">
        {quantities.busy || gifts.busy ? 'Atualizando pedido' : ''}
      </p>
    </section>
  );
}
