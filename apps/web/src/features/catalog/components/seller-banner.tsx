import { useSellerMissing } from '../../../stores/app-store';
import { SellerPicker } from './seller-picker';

/**
 * Agents: the seller must be chosen first when the shop has the seller step (spec §2, §6). The banner carries the
 * store picker; both load lazily (agent-only, the first route does not pay for them). The products unlock once a
 * seller is set.
 */
export function SellerBanner() {
  if (!useSellerMissing()) return null;
  return (
    <div className="catalog__banner" role="region" aria-labelledby="seller-banner-text">
      <p id="seller-banner-text" className="catalog__banner-text">
        Selecione a loja que deseja comprar para liberar os produtos
      </p>
      <SellerPicker />
    </div>
  );
}
