/**
 * Demo inbox (`GET /api/dev/inbox`, only with DEMO_MODE=true, no session): every queued chat message grouped
 * by shop + channel + recipient, oldest first within a conversation, so a newcomer reads what each contact
 * received (the /dev/inbox page). Messages show as soon as they are queued, with their delivery status.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inbox, type InboxConversation } from '@vitrine/contracts/messaging';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import type { MessagePart } from '@vitrine/contracts/messaging';
import { completePart } from '../outbox/delivery-links.ts';
import { listRecentMessages, type MessagePayload } from '../outbox/repository.ts';
import { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';

const INBOX_LIMIT = 500;

export async function devInboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The outbox keeps no session code (the worker mints one per delivery): the demo inbox mints its own, once per
  // message, so a newcomer's click on 'Pagar com cartão' opens the page as the contact would.
  const demoLinks = new Map<string, Promise<MessagePart>>();
  const partsOf = (rowId: string, shopId: string, payload: MessagePayload): Promise<MessagePart[]> => {
    const index = payload.sessionLinkPart;
    if (index === undefined) return Promise.resolve(payload.parts);
    let linked = demoLinks.get(rowId);
    if (!linked) {
      const links = { publicUrl: '', sessionTtlMs: app.config.sessionTtlMs };
      linked = completePart(app.db, links, shopId, payload, index);
      linked.catch(() => demoLinks.delete(rowId));
      demoLinks.set(rowId, linked);
    }
    return linked.then((part) => payload.parts.map((p, i) => (i === index ? part : p)));
  };
  r.get(
    '/api/dev/inbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Demo only: what each contact received on the fake channel, as conversations',
        response: okSchema(inbox),
      },
    },
    async () => {
      if (!app.config.demoMode) throw new AppError('notFound', 'devInboxDisabled');
      const rows = await listRecentMessages(app.db, INBOX_LIMIT);
      const conversations = new Map<string, InboxConversation>();
      for (const row of rows.reverse()) {
        const payload = row.payload as MessagePayload;
        const key = `${row.shop_id}|${payload.channel}|${payload.recipient}`;
        let conversation = conversations.get(key);
        if (!conversation) {
          conversation = {
            shop: { slug: row.shop_slug, name: row.shop_name },
            channelType: CHANNEL_BY_NAME[payload.channel],
            recipient: payload.recipient,
            contactName: row.contact_name,
            messages: [],
          };
          conversations.set(key, conversation);
        }
        conversation.messages.push({
          id: row.id,
          type: row.type,
          status: row.status,
          createdAt: new Date(row.created_at).toISOString(),
          parts: await partsOf(row.id, row.shop_id, payload),
        });
      }
      const list = [...conversations.values()].sort((a, b) =>
        (b.messages.at(-1)?.createdAt ?? '').localeCompare(a.messages.at(-1)?.createdAt ?? ''),
      );
      return ok({ conversations: list });
    },
  );
}
