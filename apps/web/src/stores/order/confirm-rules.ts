/**
 * Customer confirm button rules (spec §2 "Catalogue screen" footer, §4 "Confirm order (customer)", §5):
 * its label per channel and state, and when it is disabled. Shared by the cart and the catalogue footer.
 */
import { ChannelType } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';

export type ConfirmState = 'idle' | 'loading' | 'redirecting';

/** 'Confirmar pedido' (+ ' e retornar ao WhatsApp' on WhatsApp); 'Redirecionando...' once confirmed. */
export function confirmLabel(channelType: number | null | undefined, state: ConfirmState): string {
  if (state === 'redirecting') return 'Redirecionando...';
  return channelType === ChannelType.WhatsApp
    ? 'Confirmar pedido e retornar ao WhatsApp'
    : 'Confirmar pedido';
}

/** Whether the order has something to confirm: at least one line that is not a gift. */
export function hasPurchasedItems(order: Pick<Order, 'items'> | null | undefined): boolean {
  return order?.items.some((item) => !item.isGift) ?? false;
}

export interface ConfirmAvailability {
  order: Pick<Order, 'items' | 'blockingMessages'> | null | undefined;
  /** A quantity or gift change is waiting or in flight. */
  updating: boolean;
  state: ConfirmState;
}

/** Disabled while updating, while confirming/redirecting, with a blocking message, or with nothing bought. */
export function isConfirmDisabled({ order, updating, state }: ConfirmAvailability): boolean {
  return (
    updating || state !== 'idle' || !hasPurchasedItems(order) || (order?.blockingMessages?.length ?? 0) > 0
  );
}
