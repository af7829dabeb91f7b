/**
 * WhatsApp Cloud API webhooks (decision 0048):
 * - `GET /api/webhooks/whatsapp`: Meta's verification (`hub.mode=subscribe`, `hub.verify_token` =
 *   WHATSAPP_VERIFY_TOKEN) answers `hub.challenge` as text; anything else 403.
 * - `POST /api/webhooks/whatsapp`: signed by Meta (`X-Hub-Signature-256` over the raw body with WHATSAPP_APP_SECRET,
 *   compared in constant time; 401 otherwise); each change is queued for the shop of its `phone_number_id`.
 * - `POST /api/webhooks/whatsapp/chatbot/:shopId`: the same payloads forwarded by the chatbot platform when it owns
 *   the number's webhook, signed like our own deliveries to it (`X-Vitrine-Timestamp`, `X-Vitrine-Signature`: HMAC
 *   with the shop's chatbot webhook secret).
 * Bodies are read raw (≤ 1 MB; larger → 413), malformed JSON → 400; the answer is sent once queued.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { verifySignature } from '../../adapters/channels/webhook-signature.ts';
import {
  HUB_SIGNATURE_HEADER,
  verificationChallenge,
  verifyHubSignature,
} from '../../adapters/channels/whatsapp-webhook.ts';
import { receiveWhatsAppWebhook } from '../../flows/messages/whatsapp-webhook.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { chatbotSigningSecret } from '../../modules/messaging/service.ts';

const BODY_LIMIT = 1024 * 1024;
const received = okSchema(z.object({ queued: z.number().int(), ignored: z.number().int() }));

function parsed(raw: unknown): unknown {
  try {
    return JSON.parse(typeof raw === 'string' ? raw : '');
  } catch {
    throw new AppError('validation', 'whatsappWebhookInvalid');
  }
}

export async function whatsappWebhookRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_r, body, done) =>
    done(null, body),
  );
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { messaging } = app.config;

  routes.get(
    '/api/webhooks/whatsapp',
    {
      schema: {
        tags: ['whatsapp'],
        summary: "Meta's webhook verification: answers hub.challenge when hub.verify_token is ours",
        querystring: z.record(z.string(), z.string()),
      },
    },
    async (request, reply) => {
      const challenge = verificationChallenge(messaging.whatsappVerifyToken, request.query);
      if (!challenge) throw new AppError('forbidden', 'whatsappVerifyRefused');
      return reply.type('text/plain; charset=utf-8').send(challenge);
    },
  );

  routes.post(
    '/api/webhooks/whatsapp',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['whatsapp'],
        summary: 'WhatsApp Cloud API notifications (X-Hub-Signature-256); each change queued for its shop',
        description:
          '401 bad signature; 400 not a WhatsApp notification; a number no shop has is ignored (200).',
        response: received,
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      if (!verifyHubSignature(messaging.whatsappAppSecret, raw, request.headers[HUB_SIGNATURE_HEADER]))
        throw new AppError('unauthorized', 'webhookSignatureInvalid');
      return ok(await receiveWhatsAppWebhook(app.db, request.log, parsed(raw)));
    },
  );

  routes.post(
    '/api/webhooks/whatsapp/chatbot/:shopId',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['whatsapp'],
        summary: "WhatsApp notifications forwarded by the shop's chatbot platform (X-Vitrine-Signature)",
        params: z.object({ shopId: z.string().max(60) }),
        response: received,
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signing = await chatbotSigningSecret(app.db, messaging.credentialsKey, request.params.shopId);
      if (!signing || !verifySignature(signing.secret, request.headers, raw))
        throw new AppError('unauthorized', 'webhookSignatureInvalid');
      const forwardedFor = { shopId: request.params.shopId, phoneNumberId: signing.phoneNumberId };
      return ok(await receiveWhatsAppWebhook(app.db, request.log, parsed(raw), forwardedFor));
    },
  );
}
