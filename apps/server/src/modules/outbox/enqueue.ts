/**
 * Writing to the outbox, always inside the caller's transaction (the message or event commits with the change
 * that caused it, or not at all). Dedupe, per shop:
 * - with an Idempotency-Key: `idem:{type}:{sha256(user + key)}`: the same key queues once; the same key with
 *   other content → 422 idempotencyKeyReused;
 * - without: the same content (type, order, recipient, what is sent) queued within the last 10 s answers
 *   the earlier row (double click); the caller holds the order row lock, so two clicks cannot both insert;
 * - a fixed `dedupeKey` (the payment message, `payment:{orderId}`): queued once, whatever the content.
 * Jobs (enqueueJob) and events are queued once per dedupe key.
 */
import { createHash } from 'node:crypto';
import { ChannelType } from '@vitrine/contracts/enums';
import type { ChatbotEventType, MessagePart } from '@vitrine/contracts/messaging';
import type { Queryable } from '../../db/client.ts';
import { TEXT_LIMITS, type ChannelKind } from '../../adapters/channels/channel-adapter.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { findRecentSame, insertOutboxRow, type OutboxStatus } from './repository.ts';

/** Identical content within this window is a double click. */
export const DOUBLE_CLICK_WINDOW_MS = 10_000;
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

export type Enqueued = { messageId: string; status: OutboxStatus; duplicate: boolean };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Validates an Idempotency-Key header value (8–200 of A-Z a-z 0-9 _ . : -); 400 otherwise. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !IDEMPOTENCY_KEY.test(value)) throw new AppError('validation', 'idempotencyKeyInvalid');
  return value;
}

export type MessageToQueue = {
  shopId: string;
  /** product | catalog | resume | payment */
  type: string;
  orderId: string | null;
  userId: string;
  channel: ChannelKind;
  recipient: string;
  contactId: string | null;
  parts: MessagePart[];
  /** What identifies the content for dedupe (not the parts: a catalogue link carries a fresh session code). */
  contentKey: unknown;
  idempotencyKey: string | null;
  /** A fixed dedupe key (the payment message of an order): queued once per key, a repeat answers the first row. */
  dedupeKey?: string;
  /** The part whose button gets a new contact session code at delivery (MessagePayload.sessionLinkPart). */
  sessionLinkPart?: number;
};

/** Queues a chat message in `tx`; answers the earlier row when it is a retry or a double click. */
export async function enqueueMessage(tx: Queryable, message: MessageToQueue): Promise<Enqueued> {
  const contentHash = sha256(
    JSON.stringify([message.type, message.orderId, message.channel, message.recipient, message.contentKey]),
  );
  let dedupeKey: string;
  if (message.dedupeKey) {
    dedupeKey = message.dedupeKey;
  } else if (message.idempotencyKey) {
    dedupeKey = `idem:${message.type}:${sha256(`${message.userId}:${message.idempotencyKey}`)}`;
  } else {
    const recent = await findRecentSame(tx, message.shopId, contentHash, DOUBLE_CLICK_WINDOW_MS);
    if (recent) return { messageId: recent.id, status: recent.status, duplicate: true };
    dedupeKey = `auto:${contentHash}:${Math.floor(Date.now() / DOUBLE_CLICK_WINDOW_MS)}`;
  }
  const { row, inserted } = await insertOutboxRow(tx, {
    id: newId('obx'),
    shop_id: message.shopId,
    kind: 'message',
    type: message.type,
    dedupe_key: dedupeKey,
    content_hash: contentHash,
    order_id: message.orderId,
    payload: {
      channel: message.channel,
      recipient: message.recipient,
      contactId: message.contactId,
      parts: message.parts,
      ...(message.sessionLinkPart === undefined ? {} : { sessionLinkPart: message.sessionLinkPart }),
    },
  });
  if (!inserted && !message.dedupeKey && row.content_hash !== contentHash)
    throw new AppError('unprocessable', 'idempotencyKeyReused');
  return { messageId: row.id, status: row.status, duplicate: !inserted };
}

/** The outbox channel of each chat channel type. */
export const KIND_BY_CHANNEL: Record<ChannelType, ChannelKind> = {
  [ChannelType.Messenger]: 'messenger',
  [ChannelType.WhatsApp]: 'whatsapp',
  [ChannelType.WebChat]: 'webchat',
  [ChannelType.Instagram]: 'instagram',
};

/** Where a message to a session's contact goes. */
export type Target = { channel: ChannelKind; recipient: string; contactId: string; limit: number };

/**
 * The session's contact on the session's channel (always the session's own contact, in the session's shop —
 * never anything from the request); 422 when the session has no contact (anonymous).
 */
export function contactTarget(session: SessionContext): Target {
  if (!session.contactId || !session.channelId) throw new AppError('unprocessable', 'contactRequired');
  const channel = KIND_BY_CHANNEL[session.channelType];
  return { channel, recipient: session.channelId, contactId: session.contactId, limit: TEXT_LIMITS[channel] };
}

/** What a message to the session's contact names besides its content. */
export type ContactMessage = Omit<
  MessageToQueue,
  'shopId' | 'userId' | 'channel' | 'recipient' | 'contactId'
>;

/** Queues `message` in `tx` for the session's contact (`target`), in the session's shop. */
export function enqueueForContact(
  tx: Queryable,
  session: SessionContext,
  target: Target,
  message: ContactMessage,
): Promise<Enqueued> {
  return enqueueMessage(tx, {
    ...message,
    shopId: session.shopId,
    userId: session.userId,
    channel: target.channel,
    recipient: target.recipient,
    contactId: target.contactId,
  });
}

/**
 * Queues a chatbot event in the caller's transaction, once per (shop, dedupeKey): calling it again with the
 * same key (a retried confirm, a replay) returns the first row, whose id is the `X-Vitrine-Event-Id` the
 * chatbot platform receives on every delivery attempt. Payloads: docs/decisions/0009-outbox-and-channels.md.
 */
export async function enqueueEvent(
  tx: Queryable,
  shopId: string,
  type: ChatbotEventType,
  data: Record<string, unknown>,
  dedupeKey: string,
  orderId: string | null = null,
): Promise<Enqueued> {
  const { row, inserted } = await insertOutboxRow(tx, {
    id: newId('obx'),
    shop_id: shopId,
    kind: 'event',
    type,
    dedupe_key: `event:${dedupeKey}`.slice(0, 200),
    content_hash: sha256(JSON.stringify([type, data])),
    order_id: orderId,
    payload: { data },
  });
  return { messageId: row.id, status: row.status, duplicate: !inserted };
}

/**
 * Queues a job in the caller's transaction, once per (shop, dedupeKey): the worker runs the handler named `type`
 * after the commit, with the outbox's retries and leases (a handler must be safe to run again after a crash).
 */
export async function enqueueJob(
  tx: Queryable,
  shopId: string,
  type: string,
  job: Record<string, unknown>,
  dedupeKey: string,
  orderId: string | null,
): Promise<Enqueued> {
  const { row, inserted } = await insertOutboxRow(tx, {
    id: newId('obx'),
    shop_id: shopId,
    kind: 'job',
    type,
    dedupe_key: `job:${dedupeKey}`.slice(0, 200),
    content_hash: sha256(JSON.stringify([type, job])),
    order_id: orderId,
    payload: { job },
  });
  return { messageId: row.id, status: row.status, duplicate: !inserted };
}
