/**
 * Catalogue footer (spec §2), sticky at the bottom, one compact row: the gift notice (an icon link on
 * phones, the full sentence from 768px), then customers' order tally (item count and total) beside the
 * confirm button, or the agents' actions — both loaded lazily to keep the first route small.
 *
 * Confirm: the shared ConfirmOrderButton (components/order: 'Confirmar pedido' (+ ' e retornar ao WhatsApp'),
 * disabled without items, with a blocking message or while confirming; confirms with GET /api/order/confirm).
 * Until its chunk arrives an identical disabled button holds its place.
 */
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { formatReais } from '@vitrine/contracts/money';
import { useCartCount, useCurrentOrder, useIsPlatformUser, useSession } from '../../../stores/app-store';
import { confirmLabel } from '../../../stores/order/confirm-rules';
import { SettingsIcon } from './settings-icon';
import './catalog-footer.css';

const AgentFooter = lazy(() => import('./agent-footer').then((module) => ({ default: module.AgentFooter })));
const ConfirmOrderButton = lazy(() =>
  import('../../../components/order/confirm-order-button').then((module) => ({
    default: module.ConfirmOrderButton,
  })),
);

export const GIFT_NOTICE = 'Você ganhou brindes!';

/** Shown while the order has gift groups to choose from. */
function GiftNotice({ cartHref }: { cartHref: string }) {
  const order = useCurrentOrder();
  const hasGifts = !!order?.gifts?.some(
    (group) => group.availableQuantity > 0 && group.availableGifts.length > 0,
  );
  if (!hasGifts) return null;
  return (
    <Link href={cartHref} className="gift-notice">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          fill="currentColor"
          d="M20 7h-2.2A3 3 0 0 0 12 3.8 3 3 0 0 0 6.2 7H4a1 1 0 0 0-1 1v3a1 1 0 0 0 1 1v8a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-8a1 1 0 0 0 1-1V8a1 1 0 0 0-1-1zm-5-2a1 1 0 1 1 0 2h-2V6a1 1 0 0 1 2-1zM9 5a1 1 0 0 1 1 1v1H9a1 1 0 0 1 0-2zm-4 4h6v2H5zm1 4h5v6H6zm12 6h-5v-6h5zm1-8h-6V9h6z"
        />
      </svg>
      <span className="gift-notice__text">
        {GIFT_NOTICE} <span className="gift-notice__action">Escolha no carrinho.</span>
      </span>
    </Link>
  );
}

const countFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** The order at a glance beside the confirm button: '3 itens' over the total. */
function OrderTally() {
  const count = useCartCount();
  const total = useCurrentOrder()?.totalAmout ?? 0;
  if (count <= 0) return null;
  return (
    <p className="catalog-footer__tally">
      <span className="catalog-footer__count">
        {count === 1 ? '1 item' : `${countFormat.format(count)} itens`}
      </span>
      <span className="catalog-footer__total">
        <span className="visually-hidden">Total: </span>
        {formatReais(total)}
      </span>
    </p>
  );
}

/** The agents' actions as they will look, disabled, while their code loads: never a blank strip. */
function AgentFooterPlaceholder() {
  return (
    <div className="catalog-footer__actions" aria-busy="true">
      <div className="catalog-footer__catalog">
        <button type="button" className="button button--primary" disabled>
          Enviar catálogo
        </button>
        <button
          type="button"
          className="button button--outline catalog-footer__settings"
          aria-label="Configurações do Catálogo"
          disabled
        >
          <SettingsIcon />
        </button>
      </div>
    </div>
  );
}

/** Same look and label as the confirm button, disabled: shown while its code loads. */
function ConfirmPlaceholder() {
  const session = useSession();
  return (
    <button type="button" className="button button--primary confirm-button catalog-footer__confirm" disabled>
      {confirmLabel(session?.channelType, 'idle')}
    </button>
  );
}

export function CatalogFooter() {
  const isAgent = useIsPlatformUser();
  return (
    <footer className="catalog-footer">
      <div className="catalog-footer__inner">
        <GiftNotice cartHref={isAgent ? '/order/checkout' : '/order'} />
        {isAgent ? (
          <Suspense fallback={<AgentFooterPlaceholder />}>
            <AgentFooter />
          </Suspense>
        ) : (
          <>
            <OrderTally />
            <Suspense fallback={<ConfirmPlaceholder />}>
              <ConfirmOrderButton className="catalog-footer__confirm" />
            </Suspense>
          </>
        )}
      </div>
    </footer>
  );
}
