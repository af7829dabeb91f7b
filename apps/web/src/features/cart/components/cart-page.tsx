/**
 * /order 'Meu carrinho' (spec §2 "Cart"): the lines (3 skeleton rows while the order loads), the gift panel,
 * the order summary, blocking messages and, for customers, the confirm button. Agents get a link to their
 * checkout (/order/checkout). An empty cart links back to the catalogue.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { CALL_ERRORS } from '@vitrine/contracts/call-errors';
import { useCurrentOrder, useIsPlatformUser } from '../../../stores/app-store';
import { refreshCurrentOrder } from '../../../stores/order/current-order';
import { useLineQuantities } from '../../../stores/order/line-quantities';
import { useGiftSelection } from '../../../stores/order/select-gifts';
import { CartAlerts } from './cart-alerts';
import { CartItemsSkeleton } from './cart-items-skeleton';
import { CartSummary } from './cart-summary';
import { ConfirmOrderButton } from '../../../components/order/confirm-order-button';
import { GiftPanel } from '../../../components/order/gift-panel';
import { OrderLineList } from '../../../components/order/order-line-list';
import './cart-page.css';

type LoadState = 'loading' | 'ready' | 'failed';

export function CartPage() {
  const order = useCurrentOrder();
  const isAgent = useIsPlatformUser();
  const quantities = useLineQuantities();
  const gifts = useGiftSelection(quantities.busy);
  const [load, setLoad] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);

  // The order in the store may be stale (another tab, the chat): reload it on arrival.
  useEffect(() => {
    const controller = new AbortController();
    void refreshCurrentOrder(controller.signal).then((fresh) => {
      if (!controller.signal.aborted) setLoad(fresh ? 'ready' : 'failed');
    });
    return () => controller.abort();
  }, [attempt]);

  const updating = quantities.busy || gifts.busy;
  const lines = order?.items.filter((item) => quantities.quantityOf(item) > 0) ?? [];
  const empty = order !== null && !lines.some((item) => !item.isGift);

  return (
    <section className="page cart" aria-labelledby="cart-title">
      <div className="cart__header">
        <h1 id="cart-title" className="page__title">
          Meu carrinho
        </h1>
        {isAgent && (
          <Link href="/order/checkout" className="button button--primary">
            Ir para o checkout
          </Link>
        )}
      </div>
      {!order && load === 'loading' && <CartItemsSkeleton />}
      {!order && load === 'failed' && (
        <div className="cart__empty" role="alert">
          <p>{CALL_ERRORS.currentOrder}</p>
          <button type="button" className="button button--outline" onClick={() => setAttempt((n) => n + 1)}>
            Tentar novamente
          </button>
        </div>
      )}
      {order && empty && (
        <div className="cart__empty">
          <p className="cart__empty-title">Seu carrinho está vazio</p>
          <p className="page__lead">Adicione produtos do catálogo para montar seu pedido.</p>
          <Link href="/catalog" className="button button--primary">
            Voltar ao catálogo
          </Link>
        </div>
      )}
      {order && !empty && (
        <div className="cart__layout">
          <div className="cart__main">
            <OrderLineList lines={lines} quantities={quantities} aria-label="Itens do pedido" />
            <GiftPanel
              groups={order.gifts}
              busy={updating}
              onToggle={(g, gift) => void gifts.toggle(g, gift)}
            />
          </div>
          <aside className="cart__aside">
            <CartSummary order={order} updating={updating} />
            <CartAlerts order={order} />
            {!isAgent && <ConfirmOrderButton updating={updating} className="cart__confirm" />}
            <Link href="/catalog" className="button button--outline cart__continue">
              Continuar comprando
            </Link>
          </aside>
        </div>
      )}
    </section>
  );
}
