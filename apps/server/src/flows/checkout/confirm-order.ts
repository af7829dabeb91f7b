/**
 * Customer confirm (spec §4 "Confirm order (customer)", §7 `GET /api/order/confirm`): the order module confirms
 * the current order exactly once; this flow adds where the shopper goes next, from the shop's settings and the
 * session's channel.
 */
import { ChannelType } from '@vitrine/contracts/enums';
import { whatsAppLink } from '@vitrine/contracts/format';
import type { Order } from '@vitrine/contracts/order';
import type { ConfirmRedirect, ConfirmResult } from '@vitrine/contracts/order-api';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Db, Queryable } from '../../db/client.ts';
import { couponProblem } from '../../modules/checkout/service.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import { confirmCurrentOrder, serializeOrder, type OrderRow } from '../../modules/order/service.ts';
import type { SessionContext } from '../../modules/session/service.ts';
import { settingsOf } from '../../modules/shop/service.ts';

/** The text prefilled in the chat: the shop's callback message, plus ' Pedido: {id}' for anonymous users. */
export function callbackText(settings: ShopSettings, order: Order): string {
  const parts = [settings.webCatalogCallbackMessage?.trim() ?? ''];
  if (order.isAnonymousUser) parts.push(`Pedido: ${order.id}`);
  return parts.filter(Boolean).join(' ');
}

/**
 * WhatsApp sessions go back to the chat (wa.me link to the shop's number with the callback text); every other
 * channel, or a shop without a WhatsApp number, goes to the '/confirm' page.
 */
export function confirmRedirect(
  settings: ShopSettings,
  session: SessionContext,
  order: Order,
): ConfirmRedirect {
  const phone = settings.whatsApp?.trim();
  if (session.channelType !== ChannelType.WhatsApp || !phone) return { kind: 'page', path: '/confirm' };
  return { kind: 'whatsapp', url: whatsAppLink(phone, callbackText(settings, order) || undefined) };
}

/**
 * The cart's coupon still holds at confirm, as at the agent's confirm: applied yesterday, it may have expired, been
 * turned off or been used up (by another order, or by the contact's own) since. Checked under the coupon's row lock
 * with this order not counted as its own use, so two confirms on any instances count uses one after the other. A
 * total below the coupon's minimum is no refusal: the coupon stays and discounts nothing (spec §4).
 */
async function assertCouponHolds(tx: Queryable, session: SessionContext, order: OrderRow) {
  const code = order.checkout.couponCode;
  if (!code) return;
  const { problem } = await couponProblem(tx, session, code, order.items_amount_cents, {
    lock: true,
    orderId: order.id,
  });
  if (problem && problem.code !== 'couponMinValue') throw problem;
}

/**
 * Confirms the session's current order (Creating → Received, once) if its coupon still holds, queues the chatbot's
 * `order.confirmed` event in the same transaction, and says where the client goes next.
 */
export async function confirmCustomerOrder(db: Db, session: SessionContext): Promise<ConfirmResult> {
  const state = await confirmCurrentOrder(db, session, async (tx, order) => {
    await assertCouponHolds(tx, session, order);
    await enqueueOrderEvent(tx, 'order.confirmed', order, session);
  });
  const order = serializeOrder(state);
  return { order, redirect: confirmRedirect(settingsOf(state.shop), session, order) };
}
