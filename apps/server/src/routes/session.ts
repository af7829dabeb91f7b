import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSessionBody, createdSession, session, sessionCodeParam } from '@vitrine/contracts/session';
import { ok, okSchema } from '../lib/envelope.ts';
import { AppError } from '../lib/app-error.ts';
import { buildSessionView } from '../flows/session-view.ts';
import { requirePlatformKey } from '../modules/session/platform-key.ts';
import {
  ANONYMOUS_CODE,
  createAnonymousSession,
  createPlatformSession,
  resolveSession,
  sessionUrl,
} from '../modules/session/service.ts';

export async function sessionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;

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
      return ok(await buildSessionView(app.db, code, context));
    },
  );

  r.post(
    '/api/platform/sessions',
    {
      schema: {
        tags: ['platform'],
        summary: 'Chatbot platform: mint a contact or agent session link (Bearer PLATFORM_API_KEY)',
        headers: z.object({ authorization: z.string().optional() }),
        body: createSessionBody,
        response: { 201: okSchema(createdSession)[200] },
      },
      preValidation: requirePlatformKey(config),
    },
    async (request, reply) => {
      const issued = await createPlatformSession(app.db, config.sessionTtlMs, request.body);
      reply.status(201);
      return ok({
        code: issued.code,
        url: sessionUrl(
          config.publicUrl,
          issued.code,
          request.body.sessionType === 'contact'
            ? { shop: request.body.shop, channel: request.body.channelType }
            : null,
        ),
        expiresAt: issued.context.expiresAt.toISOString(),
      });
    },
  );
}
