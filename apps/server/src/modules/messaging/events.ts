/**
 * Chatbot events about an order (docs/decisions/0009-outbox-and-channels.md "Events"): queued in the
 * transaction of the order change, delivered as signed webhooks to the shop's chatbot URL. Every event's
 * `data` has the same order fields, so the bot can find the conversation (channel + channelId).
 */
import { centsToReais } from '@vitrine/contracts/money';
import type { ChatbotEventType } from '@vitrine/contracts/messaging';
import { SessionType } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import { enqueueEvent, type Enqueued } from '../outbox/service.ts';
import type { SessionContext } from '../session/service.ts';

/** The order fields every event carries (a subset of the orders row). */
export type EventOrder = {
  id: string;
  user_id: string;
  contact_id: string | null;
  channel_type: number;
  status: number;
  total_cents: number;
  is_in_semi_automatic: boolean;
};

export function orderEventData(
  order: EventOrder,
  session: SessionContext,
  extra: Record<string, unknown> = {},
) {
  return {
    order: {
      id: order.id,
      userId: order.user_id,
      contactId: order.contact_id,
      status: order.status,
      totalAmout: centsToReais(order.total_cents),
      isInSemiAutomatic: order.is_in_semi_automatic,
    },
    conversation: { channelType: session.channelType, channelId: session.channelId },
    actor:
      session.sessionType === SessionType.PlatformUser
        ? { type: 'agent', agentId: session.agentId }
        : { type: 'customer' },
    ...extra,
  };
}

/**
 * Queues `type` for the order inside `tx`, once per order for confirmed/cancelled (dedupe key
 * `{type}:{orderId}`) unless `dedupeKey` says otherwise. Call it in the transaction that changes the order.
 */
export function enqueueOrderEvent(
  tx: Queryable,
  type: ChatbotEventType,
  order: EventOrder,
  session: SessionContext,
  options: { dedupeKey?: string; extra?: Record<string, unknown> } = {},
): Promise<Enqueued> {
  return enqueueEvent(
    tx,
    session.shopId,
    type,
    orderEventData(order, session, options.extra),
    options.dedupeKey ?? `${type}:${order.id}`,
    order.id,
  );
}
