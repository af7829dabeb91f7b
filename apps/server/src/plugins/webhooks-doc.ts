/**
 * The OpenAPI document's `webhooks` section (OpenAPI 3.1): every event the chatbot platform receives, built from
 * the event contract (packages/contracts/src/chatbot-events.ts; docs/events.md), and the WebChat message.
 */
import { z } from 'zod';
import {
  CHATBOT_EVENT_DOCS,
  CHATBOT_EVENTS,
  chatbotEventBody,
  WEBHOOK_HEADERS,
  WEBHOOK_RETRY_POLICY,
  webchatMessageBody,
} from '@vitrine/contracts/chatbot-events';

const headers = Object.entries(WEBHOOK_HEADERS).map(([name, description]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
}));

function operation(summary: string, description: string, body: z.ZodType) {
  return {
    post: {
      tags: ['events'],
      summary,
      description: `${description}\n\nRetries: ${WEBHOOK_RETRY_POLICY}`,
      security: [],
      parameters: headers,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: z.toJSONSchema(body, { target: 'draft-2020-12' }) } },
      },
      responses: {
        '200': { description: 'Taken (any 2xx); a repeat of a key already taken is answered 2xx too.' },
        '401': { description: 'A bad signature or an old timestamp: a permanent refusal, not retried.' },
        '503': {
          description: 'Not now: retried with the same key (so are 408, 425, 429, 5xx and timeouts).',
        },
      },
    },
  };
}

/** `webhooks`: one entry per event kind, named by the kind (`order.confirmed`, …), then `webchat.message`. */
export function chatbotWebhooks() {
  const events = Object.fromEntries(
    CHATBOT_EVENTS.map((kind) => {
      const doc = CHATBOT_EVENT_DOCS[kind];
      return [
        kind,
        operation(
          doc.summary,
          `POST to the shop's chatbot \`eventsUrl\`. **When**: ${doc.when}\n\n**Idempotency**: ${doc.once} ` +
            'The body’s `id`, `X-Vitrine-Event-Id` and `Idempotency-Key` carry the same key.',
          chatbotEventBody(kind),
        ),
      ];
    }),
  );
  return {
    ...events,
    'webchat.message': operation(
      'A chat message for a WebChat contact',
      "POST to the shop's chatbot `webchatUrl` (or `eventsUrl`): what an agent or the payment flow sends to a " +
        'WebChat contact, one request per part of a split message. **Idempotency**: `{outboxId}:{part}`.',
      webchatMessageBody,
    ),
  };
}
