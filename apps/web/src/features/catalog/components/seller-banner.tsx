import { Step } from '@vitrine/contracts/enums';
import { useCurrentOrder, useShopSettings } from '../../../stores/app-store';

/** Agents: the seller must be chosen first when the shop has the seller step (spec §2, §6). */
export function SellerBanner() {
  const settings = useShopSettings();
  const order = useCurrentOrder();
  if (!settings?.steps.includes(Step.Seller) || !order || order.seller) return null;
  return <p className="catalog__banner">Selecione a loja que deseja comprar para liberar os produtos</p>;
}
