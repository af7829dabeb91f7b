/**
 * Hearing back from WhatsApp (issue 33, item 9; decision 0048). A verified webhook body is split into its changes,
 * each queued as an outbox job of the shop whose number it names (`metadata.phone_number_id`), so the request is
 * acknowledged at once and Meta never retries a slow receiver; a change for a number no shop has is logged and
 * dropped. The job records each status (sent, delivered, read, failed with its error) on the outbox row of the
 * message it names, and queues an order message that failed with 131047 (24-hour window closed) once more as the
 * shop's approved template. A status for a message we never sent is a no-op. Meta's retries are queued once
 * (dedupe key = hash of the change). An `order` message sent from WhatsApp's own catalogue becomes a placed order
 * (whatsapp-catalog-order.ts: once per wamid, whatever the grouping of the delivery that carries it); a tap on a
 * proposed order edit's 'Aceitar' / 'Recusar' answers it (flows/orders/order-edit-reply.ts); other inbound
 * messages are the chatbot's.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { statusesOf, webhookChanges } from '../../adapters/channels/whatsapp-webhook.ts';
import { WINDOW_CLOSED_CODE } from '../../adapters/channels/whatsapp-order.ts';
import { receiveCatalogOrders } from './whatsapp-catalog-order.ts';
import { answerByReplyButton } from '../orders/order-edit-reply.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { ChannelType } from '@vitrine/contracts/enums';
import { contactsOfIdentity, linkUserToPhone } from '../../modules/customer/service.ts';
import { recordInbound, recordOptOut } from '../../modules/recovery/service.ts';
import { shopOfWhatsAppNumber } from '../../modules/messaging/service.ts';
import {
  claimTemplateFallback,
  enqueueJob,
  findStatusTarget,
  insertOutboxRow,
  recordDeliveryStatus,
  type JobHandlers,
  type MessagePayload,
} from '../../modules/outbox/service.ts';

export const WHATSAPP_WEBHOOK_JOB = 'whatsapp.webhook';

/** Limits a forwarded body to one shop: its number, or any change without a number. */
export type ForwardedFor = { shopId: string; phoneNumberId: string | null };

/** Queues each change of a verified body for its shop; 400 when the body is not a WhatsApp notification. */
export async function receiveWhatsAppWebhook(
  db: Db,
  log: FastifyBaseLogger,
  body: unknown,
  forwardedFor: ForwardedFor | null = null,
): Promise<{ queued: number; ignored: number }> {
  const changes = webhookChanges(body);
  if (!changes) throw new AppError('validation', 'whatsappWebhookInvalid');
  let queued = 0;
  let ignored = 0;
  for (const change of changes) {
    const shopId = forwardedFor
      ? !forwardedFor.phoneNumberId ||
        !change.phoneNumberId ||
        change.phoneNumberId === forwardedFor.phoneNumberId
        ? forwardedFor.shopId
        : null
      : change.phoneNumberId
        ? await shopOfWhatsAppNumber(db, change.phoneNumberId)
        : null;
    if (!shopId) {
      log.info({ phoneNumberId: change.phoneNumberId }, 'whatsapp webhook for a number no shop has: ignored');
      ignored += 1;
      continue;
    }
    const job = { shopId, field: change.field, value: change.value };
    const key = `wa:${createHash('sha256').update(JSON.stringify(job)).digest('hex')}`;
    await db.transaction((tx) => enqueueJob(tx, shopId, WHATSAPP_WEBHOOK_JOB, job, key, null));
    queued += 1;
  }
  return { queued, ignored };
}

/** Applies one queued change: statuses onto their outbox rows, the template fallback once, catalogue orders. */
async function applyChange(
  db: Db,
  log: FastifyBaseLogger | null,
  shopId: string,
  value: Record<string, unknown>,
): Promise<string> {
  const notes: string[] = [];
  for (const status of statusesOf(value)) {
    const row = await findStatusTarget(db, shopId, status.messageId, status.callbackData);
    if (!row) {
      notes.push(`${status.status}: mensagem desconhecida`);
      continue;
    }
    const error =
      status.status === 'failed' ? `${status.errorCode ?? '?'} ${status.errorTitle ?? ''}`.trim() : null;
    const moved = await recordDeliveryStatus(db, row.id, status.status, error);
    notes.push(`${row.id} ${status.status}${moved ? '' : ' (ignorado)'}`);
    const payload = row.payload as MessagePayload;
    const windowClosed = status.status === 'failed' && String(status.errorCode) === WINDOW_CLOSED_CODE;
    if (!windowClosed || payload.templateOnly || !payload.parts?.some((part) => part.order)) continue;
    const queued = await db.transaction(async (tx) => {
      if (!(await claimTemplateFallback(tx, row.id))) return false;
      await insertOutboxRow(tx, {
        id: newId('obx'),
        shop_id: shopId,
        kind: 'message',
        type: row.type,
        dedupe_key: `template:${row.id}`,
        content_hash: row.content_hash,
        order_id: row.order_id,
        payload: { ...payload, templateOnly: true },
      });
      return true;
    });
    if (queued) notes.push(`${row.id}: modelo aprovado na fila`);
  }
  // Usernames (BSUID): a message naming the sender by both `user_id` and `wa_id` links the two to one contact.
  for (const contact of Array.isArray(value.contacts) ? (value.contacts as Record<string, unknown>[]) : []) {
    const userId = typeof contact?.user_id === 'string' ? contact.user_id.slice(0, 128) : null;
    const phone = typeof contact?.wa_id === 'string' ? contact.wa_id.replace(/\D/g, '') : '';
    if (userId && phone && (await linkUserToPhone(db, shopId, ChannelType.WhatsApp, userId, phone)))
      notes.push(`usuário ${userId} ligado ao telefone`);
  }
  notes.push(...(await receiveCatalogOrders(db, log, shopId, value)));
  const messages = Array.isArray(value.messages) ? (value.messages as Record<string, unknown>[]) : [];
  // Any message — an order from the catalogue too — opens the 24-hour window; 'PARAR' is the contact's opt-out.
  for (const message of messages) notes.push(...(await heardFrom(db, shopId, message)));
  // A proposal's 'Aceitar' / 'Recusar' reply buttons answer it (order-edit-reply.ts); the rest is the chatbot's.
  const replies = [];
  for (const message of messages) replies.push(...(await answerByReplyButton(db, shopId, message)));
  notes.push(...replies);
  const inbound = messages.filter((m) => m?.type !== 'order').length - replies.length;
  if (inbound) notes.push(`${inbound} mensagem(ns) recebida(s): atendidas pelo chatbot`);
  return notes.join('; ').slice(0, 500) || 'nada a registrar';
}

/**
 * A message from a contact (issue 36): when we last heard from them (WhatsApp's 24-hour window for recovery
 * reminders), and 'PARAR' — the contact asking to stop — recorded as their opt-out.
 */
async function heardFrom(db: Db, shopId: string, message: Record<string, unknown>): Promise<string[]> {
  const from = typeof message?.from === 'string' ? message.from.slice(0, 128) : '';
  const seconds = Number(message?.timestamp);
  if (!from || !Number.isFinite(seconds)) return [];
  const text = (message.text as { body?: unknown } | undefined)?.body;
  const stop =
    typeof text === 'string' &&
    text
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toUpperCase() === 'PARAR';
  const notes: string[] = [];
  for (const contactId of await contactsOfIdentity(db, shopId, from)) {
    await recordInbound(db, shopId, contactId, new Date(seconds * 1000));
    if (stop) {
      await recordOptOut(db, shopId, contactId, 'chat');
      notes.push(`${contactId} pediu para parar`);
    }
  }
  return notes;
}

/** The outbox worker's handler of queued WhatsApp changes (server.ts). */
export function whatsAppWebhookJobs(db: Db, log: FastifyBaseLogger | null = null): JobHandlers {
  return {
    [WHATSAPP_WEBHOOK_JOB]: (job) =>
      applyChange(db, log, String(job.shopId), (job.value ?? {}) as Record<string, unknown>),
  };
}
