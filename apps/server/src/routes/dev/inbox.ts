/**
 * Demo inbox (`GET /api/dev/inbox`, only with DEMO_MODE=true, no session): every queued chat message grouped
 * by shop + channel + recipient, oldest first within a conversation, so a newcomer reads what each contact
 * received (the /dev/inbox page). Messages show as soon as they are queued, with their delivery status.
 * Only this machine or the platform key holder reads it (plugins/demo-only.ts); a card-payment link on it opens
 * a session that lives INBOX_LINK_TTL_MS, and document links (Pix QR) carry their signature.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inbox, type InboxConversation } from '@vitrine/contracts/messaging';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import type { MessagePart } from '@vitrine/contracts/messaging';
import { documentUrlSigner } from '../../lib/signed-url.ts';
import { completePart, listRecentMessages, type MessagePayload } from '../../modules/outbox/service.ts';
import { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';

const INBOX_LIMIT = 500;
/** Lifetime of a session the inbox mints for a card-payment link: long enough to click it, not to keep it. */
const INBOX_LINK_TTL_MS = 10 * 60_000;

export async function devInboxRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The outbox keeps no session code (the worker mints one per delivery): the demo inbox mints its own, once per
  // message and for a few minutes, so a newcomer's click on 'Pagar com cartão' opens the page as the contact would.
  const links = {
    publicUrl: '',
    sessionTtlMs: INBOX_LINK_TTL_MS,
    signDocument: documentUrlSigner(app.config),
  };
  const demoLinks = new Map<string, { part: Promise<MessagePart>; until: number }>();
  const sessionPart = (rowId: string, shopId: string, payload: MessagePayload, index: number) => {
    const kept = demoLinks.get(rowId);
    if (kept && kept.until > Date.now()) return kept.part;
    const part = completePart(app.db, links, shopId, payload, index);
    part.catch(() => demoLinks.delete(rowId));
    demoLinks.set(rowId, { part, until: Date.now() + INBOX_LINK_TTL_MS / 2 });
    return part;
  };
  const partsOf = (rowId: string, shopId: string, payload: MessagePayload): Promise<MessagePart[]> =>
    Promise.all(
      payload.parts.map((_part, index) =>
        index === payload.sessionLinkPart
          ? sessionPart(rowId, shopId, payload, index)
          : completePart(app.db, links, shopId, payload, index),
      ),
    );
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
