/**
 * Chatbot platform: a shop's messaging configuration (issue #6 "credentials per shop, stored encrypted at
 * rest"), bearer PLATFORM_API_KEY like `POST /api/platform/sessions`. `PUT` replaces the sections it carries,
 * `GET` answers ids and URLs with every secret masked. Webhook URLs must be https (http only to a loopback host
 * in demo mode).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messagingSettings, messagingSettingsBody } from '@vitrine/contracts/messaging-settings';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requirePlatformKey } from '../../modules/session/service.ts';
import { platformShop, platformShopSchema } from '../../modules/shop/service.ts';
import {
  assertWebhookUrls,
  readMessagingSettings,
  saveMessagingSettings,
} from '../../modules/messaging/service.ts';

export async function platformMessagingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const schema = { ...platformShopSchema, response: okSchema(messagingSettings) };

  const context = (slug: string) => platformShop(app, slug);

  r.get(
    '/api/platform/shops/:shop/messaging',
    {
      schema: {
        ...schema,
        summary: "Chatbot platform: the shop's channel credentials and chatbot webhook, secrets masked",
        description: "401 wrong key; 404 'Loja não encontrada.'; a channel not configured is null.",
      },
      preValidation: requirePlatformKey(config),
    },
    async (request) => {
      const { shop, key } = await context(request.params.shop);
      return ok(await readMessagingSettings(app.db, key, shop));
    },
  );

  r.put(
    '/api/platform/shops/:shop/messaging',
    {
      schema: {
        ...schema,
        body: messagingSettingsBody,
        summary:
          "Chatbot platform: set the shop's channel credentials and chatbot webhook (stored encrypted)",
        description:
          'Each section given replaces that channel (send all its fields), `null` removes it, a missing section ' +
          'is kept. WhatsApp Cloud: phone number id + access token; Messenger: page id + page token; Instagram: ' +
          'account id + page token; chatbot: events URL, optional WebChat URL and the HMAC signing secret. ' +
          "Answers the configuration, secrets masked. 400 with the field's message; 401; 404 unknown shop.",
      },
      preValidation: requirePlatformKey(config),
    },
    async (request) => {
      assertWebhookUrls(request.body, config.demoMode);
      const { shop, key } = await context(request.params.shop);
      await saveMessagingSettings(app.db, key, shop.id, request.body);
      return ok(await readMessagingSettings(app.db, key, shop));
    },
  );
}
