import { Link } from 'wouter';
import { useCartCount, useIsPlatformUser } from '../stores/app-store';

const countFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/** Screen-reader text of the cart link: 'Nenhum item no carrinho', '1 item no carrinho', 'N itens no carrinho'. */
export function cartLabel(count: number): string {
  if (count <= 0) return 'Nenhum item no carrinho';
  if (count === 1) return '1 item no carrinho';
  return `${countFormat.format(count)} itens no carrinho`;
}

/** Badge text: the count, capped at '99+'. */
export function cartBadge(count: number): string {
  return count > 99 ? '99+' : countFormat.format(count);
}

/**
 * Cart icon in the top bar: /order for customers, /order/checkout for platform users; the badge (summed
 * item quantities) shows only when the order has items.
 */
export function CartLink() {
  const count = useCartCount();
  const isAgent = useIsPlatformUser();
  return (
    <Link href={isAgent ? '/order/checkout' : '/order'} className="icon-button cart-link">
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
        <path
          fill="currentColor"
          d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14.8h9.9c.8 0 1.4-.4 1.8-1l3.6-6.5L20.7 6l-3.7 6.8H8.1L4.3 4H1v2h2l3.6 7.6-1.4 2.4c-.7 1.4.3 3 1.8 3h12v-2H7l1.1-2z"
        />
      </svg>
      <span className="visually-hidden">{cartLabel(count)}</span>
      {count > 0 && (
        <span className="cart-link__badge" aria-hidden="true">
          {cartBadge(count)}
        </span>
      )}
    </Link>
  );
}
