/**
 * A proposal answered with WhatsApp's reply buttons (issue 34, decision 0053): the contact taps 'Aceitar' or
 * 'Recusar' under the proposal's message and the webhook brings a `button_reply` naming the button's id
 * (`order-edit:accept:{editId}`). Only the order's contact answers — the sender's number must be one of that
 * contact's identities — through the same step as the link's page (answerOrderEdit: the order's lock, the
 * proposal's state and expiry, the cart's code), and gets the outcome back on the chat in pt-BR (the refusal's own
 * message when it cannot apply), once per WhatsApp message.
 */
import { ChannelType, SessionType } from '@vitrine/contracts/enums';
import { formatBRL } from '@vitrine/contracts/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { contactsOfIdentity } from '../../modules/customer/service.ts';
import { findOrderEdit, findShopOrder } from '../../modules/order/service.ts';
import { enqueueMessage } from '../../modules/outbox/service.ts';
import { REPLY_ID } from './order-edit-apply.ts';
import { answerOrderEdit } from './order-edits.ts';

type Inbound = Record<string, unknown>;

/** The proposal and the answer a `button_reply` message names, or null when it is not one of ours. */
function replyOf(message: Inbound): { editId: string; accept: boolean } | null {
  const interactive = message?.interactive as { type?: unknown; button_reply?: { id?: unknown } } | undefined;
  if (message?.type !== 'interactive' || interactive?.type !== 'button_reply') return null;
  const match = REPLY_ID.exec(String(interactive.button_reply?.id ?? ''));
  return match ? { editId: match[2]!, accept: match[1] === 'accept' } : null;
}

/** Answers the proposal a reply button names; the job's notes (nothing when the message is not a reply). */
export async function answerByReplyButton(db: Db, shopId: string, message: Inbound): Promise<string[]> {
  const reply = replyOf(message);
  if (!reply) return [];
  const from = typeof message.from === 'string' ? message.from.slice(0, 128) : '';
  const row = await findOrderEdit(db, shopId, reply.editId);
  const order = row && (await findShopOrder(db, shopId, row.order_id));
  const contactId = order?.contact_id;
  if (!order || !contactId || !(await contactsOfIdentity(db, shopId, from)).includes(contactId))
    return [`${reply.editId}: resposta de quem não é o cliente do pedido (ignorada)`];
  const session: SessionContext = {
    id: `whatsapp-reply:${String(message.id)}`,
    shopId,
    sessionType: SessionType.Contact,
    channelType: ChannelType.WhatsApp,
    channelId: from,
    userId: order.user_id,
    contactId,
    agentId: null,
    expiresAt: new Date(Date.now() + 60_000),
  };
  let text: string;
  try {
    const answered = await answerOrderEdit(db, session, reply.editId, reply.accept);
    text = reply.accept
      ? `Alteração aceita: seu pedido nº ${answered.orderNumber} agora é de ${formatBRL(answered.edit.after.totalCents)}.`
      : `Alteração recusada: seu pedido nº ${answered.orderNumber} continua como estava.`;
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    text = error.message;
  }
  await db.transaction((tx) =>
    enqueueMessage(tx, {
      shopId,
      type: 'order-edit-answer',
      orderId: order.id,
      userId: order.user_id,
      channel: 'whatsapp',
      recipient: from,
      contactId,
      parts: [{ text }],
      contentKey: `order-edit-answer:${String(message.id)}`,
      idempotencyKey: null,
      dedupeKey: `order-edit-answer:${String(message.id)}`,
    }),
  );
  return [`${reply.editId}: ${reply.accept ? 'aceita' : 'recusada'} pelo botão — ${text}`];
}
