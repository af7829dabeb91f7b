/**
 * Agent sends (spec §7): product, catalogue, order summary; the semi-automatic toggle; the delivery record of
 * the order's messages. Each send writes the message to the outbox in one transaction and answers at once:
 * success means "queued" (the worker delivers it, with retries). Agents only (403 for contacts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryRecord,
  semiAutomaticBody,
  sendCatalogQuery,
  sendProductBody,
  sendResult,
  type DeliveryRecord,
  type MessagePart,
} from '@vitrine/contracts/messaging';
import { order } from '@vitrine/contracts/order';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent } from '../../plugins/auth.ts';
import { sendCatalogToContact } from '../../flows/messages/send-catalog.ts';
import type { SendContext } from '../../flows/messages/send-common.ts';
import { sendProductToContact } from '../../flows/messages/send-product.ts';
import { sendResumeToContact } from '../../flows/messages/send-resume.ts';
import { setSemiAutomatic } from '../../flows/messages/send-semiautomatic.ts';
import {
  idempotencyKeyOf,
  listOrderRows,
  type MessagePayload,
  type OutboxRow,
  nudgeOutbox,
  stopOutboxWorker,
} from '../../modules/outbox/service.ts';
import { getOrCreateCurrentOrderRow } from '../../modules/order/service.ts';

const IDEMPOTENCY =
  'Send `Idempotency-Key` (8–200 of A-Z a-z 0-9 _ . : -) to make a retry queue nothing new.';
const QUEUED = 'Success means the message is queued in the outbox (delivered by the worker, with retries).';
const productParams = z.object({ id: z.string().min(1, 'Produto não informado.').max(400) }).strict();

function toDeliveryRecord(row: OutboxRow): DeliveryRecord {
  const parts: MessagePart[] = row.kind === 'message' ? (row.payload as MessagePayload).parts : [];
  return {
    id: row.id,
    kind: row.kind,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    providerMessageId: row.provider_message_id,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    parts,
  };
}

export async function messagingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => stopOutboxWorker(app));
  const context = (request: FastifyRequest): SendContext => ({
    db: app.db,
    config: app.config,
    session: requireAgent(request),
    idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
  });
  const queued = <T>(result: T) => {
    nudgeOutbox(app);
    return ok(result);
  };

  r.post(
    '/api/order/send/product/:id',
    {
      schema: {
        tags: ['messaging'],
        summary: "Agent: send a product (name, price, image, link) to the session's contact",
        description: `${QUEUED} ${IDEMPOTENCY} 404 for an unknown product.`,
        params: productParams,
        body: sendProductBody,
        response: okSchema(sendResult),
      },
    },
    async (request) => queued(await sendProductToContact(context(request), request.params.id, request.body)),
  );

  r.get(
    '/api/order/send/catalog',
    {
      schema: {
        tags: ['messaging'],
        summary:
          'Agent: send a catalogue link (standard, category, collection or search) with a new contact session',
        description: `${QUEUED} ${IDEMPOTENCY} 400 'Informe o termo de busca.' for an empty search.`,
        querystring: sendCatalogQuery,
        response: okSchema(sendResult),
      },
    },
    async (request) => queued(await sendCatalogToContact(context(request), request.query)),
  );

  r.get(
    '/api/order/send/resume',
    {
      schema: {
        tags: ['messaging'],
        summary: 'Agent: send the order summary (items, amounts, delivery, total) to the contact',
        description: `${QUEUED} ${IDEMPOTENCY} 422 for an empty order.`,
        response: okSchema(sendResult),
      },
    },
    async (request) => queued(await sendResumeToContact(context(request))),
  );

  r.post(
    '/api/order/semiautomatic',
    {
      schema: {
        tags: ['messaging'],
        summary: 'Agent: toggle (or set) the semi-automatic flow; returns the order with isInSemiAutomatic',
        description:
          `${IDEMPOTENCY} Queues the chatbot event \`order.semiautomatic.on\` / \`.off\` (signed webhook, ` +
          'X-Vitrine-Signature = sha256=HMAC(secret, `${X-Vitrine-Timestamp}.${body}`), X-Vitrine-Event-Id = dedupe id); ' +
          'body `{type:"event", id, event, occurredAt, shop:{id}, data:{order, conversation, actor}}`.',
        body: semiAutomaticBody,
        response: okSchema(order),
      },
    },
    async (request) => queued(await setSemiAutomatic(context(request), request.body?.isInSemiAutomatic)),
  );

  r.get(
    '/api/order/messages',
    {
      schema: {
        tags: ['messaging'],
        summary:
          "Agent: delivery record of the current order's messages and events (status, attempts, last error)",
        response: okSchema(z.array(deliveryRecord)),
      },
    },
    async (request) => {
      const session = requireAgent(request);
      const current = await getOrCreateCurrentOrderRow(app.db, session);
      return ok((await listOrderRows(app.db, session.shopId, current.id)).map(toDeliveryRecord));
    },
  );
}
