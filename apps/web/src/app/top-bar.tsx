/**
 * Top bar (spec §2): 'Voltar' (hidden on /catalog), the shop logo linking to /catalog with the
 * order-limits tooltip, and the cart link. Its height is fixed (--top-bar-height) so nothing shifts
 * when the session, logo or order arrive.
 */
import { Link, useLocation } from 'wouter';
import { Skeleton } from '../components/skeleton';
import './top-bar.css';
import { CartLink } from './cart-link';
import { OrderLimitsInfo } from './order-limits-info';
import { useAppStore, useShopStyle } from '../stores/app-store';

export interface TopBarOptions {
  /** No back button (e.g. the card payment page). */
  hideBack?: boolean;
  /** No cart link (e.g. the card payment page, pages without a session). */
  hideCart?: boolean;
}

export interface TopBarProps extends TopBarOptions {
  /** The session is still loading: a skeleton stands in for the logo. */
  pending?: boolean;
}

function goBack(navigate: (to: string) => void): void {
  // Opened straight from a chat link there is no page to go back to: go to the catalogue instead.
  if (window.history.length > 1) window.history.back();
  else navigate('/catalog');
}

function Brand({ pending }: { pending: boolean }) {
  const style = useShopStyle();
  const shopName = useAppStore((state) => state.settings?.name ?? null);
  if (pending) return <Skeleton width={96} height={24} className="top-bar__logo-skeleton" />;
  if (style?.urlLogo) {
    return <img className="top-bar__logo-image" src={style.urlLogo} alt={shopName ?? 'Logo da loja'} />;
  }
  return <span className="top-bar__logo-text">Shop</span>;
}

export function TopBar({ hideBack = false, hideCart = false, pending = false }: TopBarProps) {
  const [location, navigate] = useLocation();
  const hasSession = useAppStore((state) => state.session !== null);
  const showBack = !hideBack && location !== '/catalog';
  const showCart = !hideCart && hasSession;

  return (
    <header className="top-bar">
      <div className="top-bar__inner container">
        <div className="top-bar__start">
          {showBack && (
            <button type="button" className="top-bar__back" onClick={() => goBack(navigate)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path fill="currentColor" d="M20 11H7.8l5.6-5.6L12 4l-8 8 8 8 1.4-1.4L7.8 13H20z" />
              </svg>
              <span>Voltar</span>
            </button>
          )}
        </div>
        <div className="top-bar__brand">
          <Link href="/catalog" className="top-bar__logo" title="Ir para o catálogo">
            <Brand pending={pending} />
          </Link>
          {!pending && <OrderLimitsInfo />}
        </div>
        <div className="top-bar__end">{showCart && <CartLink />}</div>
      </div>
    </header>
  );
}
