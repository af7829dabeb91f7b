import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatbotTokenBody,
  chatbotTokenResult,
  trayCallbackQuery,
  trayImportStatus,
  trayLinkBody,
  trayLinkedChatbot,
  trayLinkResult,
  trayPublicConfig,
  trayShopStatus,
  trayStoreParam,
} from '@vitrine/contracts/tray';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent } from '../../plugins/auth.ts';
import {
  issueChatbotToken,
  linkStore,
  linkedChatbot,
  requestSync,
  shopTrayStatus,
  storeImportStatus,
  trayContext,
  stopTrayWorker,
} from '../../modules/tray/service.ts';

const tags = ['tray'];
const digest = (value: string) => createHash('sha256').update(value).digest();

/** Tray integration (spec §7 `/tray/link-store`; docs/decisions/0008-tray-integration.md). */
export async function trayRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', async () => stopTrayWorker(app));

  r.get(
    '/api/tray/config',
    {
      schema: {
        tags,
        summary: 'Public Tray app key and our callback address',
        security: [],
        response: okSchema(trayPublicConfig),
      },
    },
    async () =>
      ok({
        consumerKey: app.config.tray.consumerKey,
        callbackUrl: `${app.config.publicUrl}/tray/register/callback`,
      }),
  );

  r.post(
    '/tray/link-store',
    {
      schema: {
        tags,
        summary: 'Links a Tray store to a chatbot account and queues the first catalogue import',
        security: [],
        body: trayLinkBody,
        response: okSchema(trayLinkResult),
      },
    },
    async (request) => ok(await linkStore(trayContext(app), request.body)),
  );

  r.get(
    '/tray/link-store/:store',
    {
      schema: {
        tags,
        summary: 'Chatbot id linked to a Tray store (callback page prefill; needs the callback api_address)',
        security: [],
        params: trayStoreParam,
        querystring: trayCallbackQuery,
        response: okSchema(trayLinkedChatbot),
      },
    },
    async (request) =>
      ok(await linkedChatbot(app.db, app.config.tray, { ...request.params, ...request.query })),
  );

  r.get(
    '/tray/link-store/:store/import-status',
    {
      schema: {
        tags,
        summary:
          'Progress of the latest catalogue import of a linked Tray store (needs the callback api_address)',
        security: [],
        params: trayStoreParam,
        querystring: trayCallbackQuery,
        response: okSchema(trayImportStatus),
      },
    },
    async (request) =>
      ok(await storeImportStatus(app.db, app.config.tray, { ...request.params, ...request.query })),
  );

  r.get(
    '/api/tray/import/status',
    {
      schema: {
        tags,
        summary: 'Tray link and latest import of the session shop (agents)',
        response: okSchema(trayShopStatus),
      },
    },
    async (request) => ok(await shopTrayStatus(app.db, requireAgent(request).shopId)),
  );

  r.post(
    '/api/tray/import',
    {
      schema: {
        tags,
        summary: 'Queues a Tray catalogue sync of the session shop now (agents)',
        response: okSchema(trayImportStatus),
      },
    },
    async (request) => ok(await requestSync(app.db, requireAgent(request).shopId)),
  );

  r.post(
    '/api/platform/chatbot-tokens',
    {
      schema: {
        tags: ['platform'],
        summary: 'Chatbot platform: issue a new chatbot token for a shop (Bearer PLATFORM_API_KEY)',
        security: [{ platform: [] }],
        headers: z.object({ authorization: z.string().optional() }),
        body: chatbotTokenBody,
        response: { 201: okSchema(chatbotTokenResult)[200] },
      },
      preValidation: async (request) => {
        const given = /^Bearer\s+(.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!timingSafeEqual(digest(given), digest(app.config.platformApiKey)))
          throw new AppError('unauthorized', 'platformKeyInvalid');
      },
    },
    async (request, reply) => {
      const { shop, token } = await issueChatbotToken(app.db, request.body.shop);
      reply.status(201);
      return ok({ chatbotId: shop.slug, token });
    },
  );
}
