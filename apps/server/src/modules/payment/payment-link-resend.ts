/**
 * The console's 'Enviar link de pagamento' (issue 38): the order's payment message — the card page's link, the Pix
 * code or key, the shop's payment link — queued again for the order's contact through the outbox, when the order
 * is Received (or paid and edited to more), still has money to receive and is paid online by a method the shop has set up. Otherwise a 409/422
 * with the pt-BR reason and nothing queued. Boleto and gateway Pix go out with their charge (charge-job.ts).
 */
import { OrderStatus, PaymentMethod } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { OrderRow } from '../order/service.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import { hasPaymentAccount } from './account.ts';
import { orderDueCents } from './ledger.ts';
import { conversationOf } from './money-in.ts';
import { enqueuePaymentMessage, instructionsFor, needsGatewayCharge } from './payment-message.ts';

/** Methods the contact pays online; the others are settled with the shop. */
const ONLINE: readonly number[] = [
  PaymentMethod.CreditCard,
  PaymentMethod.Pix,
  PaymentMethod.Boleto,
  PaymentMethod.Link,
];

/** Why `order`'s payment link cannot go now (an AppError to throw), or null when it can. */
async function refusal(tx: Queryable, order: OrderRow): Promise<AppError | null> {
  // Received, or paid and then edited to a higher total (issue 34): what is due is asked for.
  const open =
    order.status === OrderStatus.Received ||
    (order.status === OrderStatus.Finalized && order.fulfilment !== 'delivered');
  if (!open) return new AppError('conflict', 'paymentLinkStatus');
  if ((await orderDueCents(tx, order)) <= 0) return new AppError('conflict', 'paymentLinkPaid');
  const method = order.checkout.paymentMethod ?? null;
  if (method === null) return new AppError('conflict', 'paymentLinkNoMethod');
  if (!ONLINE.includes(method)) return new AppError('conflict', 'paymentLinkOffline');
  const shop = await getShop(tx, order.shop_id);
  if (await needsGatewayCharge(tx, order, settingsOf(shop)))
    return new AppError('conflict', 'paymentLinkWithCharge');
  if (method === PaymentMethod.CreditCard && !(await hasPaymentAccount(tx, order.shop_id)))
    return new AppError('unprocessable', 'paymentLinkNotSetUp');
  const how = await instructionsFor(tx, shop, order, undefined);
  if (!how || how.kind === 'manual') return new AppError('unprocessable', 'paymentLinkNotSetUp');
  return null;
}

/**
 * Queues `order`'s payment message again for its contact on conversation `channelId` (the order row locked by
 * the caller). One message per `key`: a double click within the caller's window sends once.
 */
export async function resendPaymentMessage(
  tx: Queryable,
  order: OrderRow,
  channelId: string | null,
  key: string,
): Promise<void> {
  const refused = await refusal(tx, order);
  if (refused) throw refused;
  if (!order.contact_id || !channelId) throw new AppError('unprocessable', 'paymentLinkNoContact');
  const conversation = conversationOf(order, channelId);
  await enqueuePaymentMessage(tx, order, conversation, undefined, `payment:${order.id}:resend:${key}`);
}
