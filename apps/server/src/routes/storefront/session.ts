import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionType } from '@vitrine/contracts/enums';
import {
  assistantSuggestions,
  createSessionBody,
  createdSession,
  MAX_SUGGESTED_PRODUCTS,
  MAX_SUGGESTED_TERMS,
  session,
  sessionCodeParam,
  suggestionsAnswer,
} from '@vitrine/contracts/session';
import { ok, okSchema } from '../../lib/envelope.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildSessionView } from '../../flows/session/view.ts';
import {
  requirePlatformKey,
  ANONYMOUS_CODE,
  createAnonymousSession,
  resolveSession,
} from '../../modules/session/service.ts';
import { mintPlatformSession, replaceSuggestions } from '../../flows/platform/assistant-suggestions.ts';

/** User agents of link previews and crawlers (a link they fetch is not opened by the contact). */
const ROBOT = /bot|crawl|spider|preview|facebookexternalhit|whatsapp|slurp/i;

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const deps = { db: app.db, publicUrl: config.publicUrl, sessionTtlMs: config.sessionTtlMs };

  r.get(
    '/api/session/:code',
    {
      schema: {
        tags: ['session'],
        summary: 'Opens a session from its code; `anonymous` mints a new anonymous session',
        params: sessionCodeParam,
        querystring: z
          .object({
            shop: z
              .string()
              .regex(/^[a-z0-9-]{2,60}$/, 'Loja inválida')
              .optional(),
          })
          .strict(),
        response: okSchema(session),
      },
    },
    async (request) => {
      const { code } = request.params;
      if (code === ANONYMOUS_CODE) {
        const issued = await createAnonymousSession(
          app.db,
          config.sessionTtlMs,
          request.query.shop ?? config.defaultShop,
        );
        return ok(await buildSessionView(app.db, issued.code, issued.context));
      }
      const context = /^[A-Za-z0-9_-]{10,200}$/.test(code) ? await resolveSession(app.db, code) : null;
      if (!context) throw new AppError('notFound', 'sessionInvalid');
      // A contact opening the link the chat sent (Relatórios › Funil), not a robot fetching it for a preview.
      if (context.sessionType === SessionType.Contact && !ROBOT.test(request.headers['user-agent'] ?? ''))
        app.analytics.sessionOpened(context.id);
      return ok(await buildSessionView(app.db, code, context));
    },
  );

  r.post(
    '/api/platform/sessions',
    {
      schema: {
        tags: ['platform'],
        summary: 'Chatbot platform: mint a contact or agent session link (Bearer PLATFORM_API_KEY)',
        description:
          'With `suggestions` ({productIds, searchTerms}, as in PUT …/suggestions) the order starts with them and ' +
          '`productsFoundUrl` opens them directly; 400 naming unknown products, creating nothing.',
        headers: z.object({ authorization: z.string().optional() }),
        body: createSessionBody,
        response: { 201: okSchema(createdSession)[200] },
      },
      preValidation: requirePlatformKey(config),
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await mintPlatformSession(deps, request.body));
    },
  );

  r.put(
    '/api/platform/sessions/:code/suggestions',
    {
      schema: {
        tags: ['platform'],
        summary:
          "Chatbot platform: replace the assistant's suggestions ('Sugeridos') of a live session's order",
        description:
          `At most ${MAX_SUGGESTED_PRODUCTS} products (the shop's providerIds, listed first in this order) and ` +
          `${MAX_SUGGESTED_TERMS} search terms (their matches follow); empty lists clear them. Open pages of ` +
          "the session follow at once (the order's live stream). Cleared when the order is confirmed: the next " +
          'order starts without. 400 naming unknown products (pt-BR); 401 wrong key; 404 unknown or expired code.',
        security: [{ platform: [] }],
        headers: z.object({ authorization: z.string().optional() }),
        params: sessionCodeParam,
        body: assistantSuggestions,
        response: okSchema(suggestionsAnswer),
      },
      preValidation: requirePlatformKey(config),
    },
    async (request) => ok(await replaceSuggestions(deps, request.params.code, request.body)),
  );
}
