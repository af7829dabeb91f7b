/**
 * What a refund sent tells (issue 34, decision 0050), in the transaction that records it: the chatbot's signed
 * `order.refunded` (once per refund) and the contact's message on their channel through the outbox, like the
 * other order messages ('refund-sent', once per refund).
 */
import type { ChannelType } from '@vitrine/contracts/enums';
import { centsToReais, formatBRL } from '@vitrine/contracts/money';
import type { Queryable } from '../../db/client.ts';
import { TEXT_LIMITS } from '../../adapters/channels/channel-adapter.ts';
import { enqueueOrderEvent } from '../messaging/service.ts';
import type { OrderRow } from '../order/service.ts';
import { enqueueMessage, KIND_BY_CHANNEL } from '../outbox/service.ts';
import { findLatestChannelId } from '../session/service.ts';
import { getShop } from '../shop/service.ts';
import { conversationOf } from './money-in.ts';
import type { RefundRow } from './refund-repository.ts';

/** The contact's message when a refund was sent. */
export function refundSentText(shopName: string, number: number, amountCents: number, byHand: boolean) {
  const how = byHand
    ? 'A loja registrou a devolução; qualquer dúvida, responda aqui.'
    : 'O valor volta pela mesma forma de pagamento; o prazo depende do seu banco ou cartão.';
  return `*Reembolso enviado — ${shopName}*\nDevolvemos ${formatBRL(amountCents)} do seu pedido nº ${number}. ${how}`;
}

export async function notifyRefundSent(
  tx: Queryable,
  order: OrderRow,
  refund: RefundRow,
  byHand: boolean,
): Promise<void> {
  const channelId = await findLatestChannelId(tx, order.shop_id, order.user_id);
  await enqueueOrderEvent(tx, 'order.refunded', order, conversationOf(order, channelId ?? ''), {
    dedupeKey: `order.refunded:${refund.id}`,
    extra: {
      refund: {
        id: refund.id,
        amount: centsToReais(refund.amount_cents),
        reason: refund.reason,
        rail: byHand ? 'manual' : refund.rail,
      },
    },
  });
  if (!channelId) return;
  const shop = await getShop(tx, order.shop_id);
  const channel = KIND_BY_CHANNEL[order.channel_type as ChannelType];
  const text = refundSentText(shop.name, order.number ?? 0, refund.amount_cents, byHand);
  await enqueueMessage(tx, {
    shopId: order.shop_id,
    type: 'refund-sent',
    orderId: order.id,
    userId: order.user_id,
    channel,
    recipient: channelId,
    contactId: order.contact_id,
    parts: [{ text: text.slice(0, TEXT_LIMITS[channel]) }],
    contentKey: `refund-sent:${refund.id}`,
    idempotencyKey: null,
    dedupeKey: `refund-sent:${refund.id}`,
  });
}
