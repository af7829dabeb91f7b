/** Chatbot platform: create a shop (onboarding) and sign a staff member straight into the console. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleLink, consoleLinkBody, createdShop, createShopBody } from '@vitrine/contracts/console';
import { ok, okSchema } from '../../lib/envelope.ts';
import { onboardShop } from '../../flows/platform/onboard-shop.ts';
import { platformShopSchema } from '../../modules/shop/service.ts';
import { requirePlatformKey } from '../../modules/session/service.ts';
import { issueSignInLink, consoleLinkUrl } from '../../modules/staff/service.ts';

export async function platformShopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requirePlatformKey(app.config);

  r.post(
    '/api/platform/shops',
    {
      schema: {
        tags: ['platform'],
        summary:
          "Chatbot platform: create a shop with Brazilian defaults; answers the owner's invitation link",
        security: [{ platform: [] }],
        headers: z.object({ authorization: z.string().optional() }),
        body: createShopBody,
        response: { 201: okSchema(createdShop)[200] },
      },
      preValidation,
    },
    async (request, reply) => {
      const created = await onboardShop(app.db, app.config, request.body);
      reply.status(201);
      return ok(created);
    },
  );

  r.post(
    '/api/platform/shops/:shop/console-links',
    {
      schema: {
        ...platformShopSchema,
        summary: 'Chatbot platform: a one-time console sign-in link for a staff member (expires in minutes)',
        body: consoleLinkBody,
        response: { 201: okSchema(consoleLink)[200] },
      },
      preValidation,
    },
    async (request, reply) => {
      const link = await issueSignInLink(app.db, app.config.staff, request.params.shop, request.body.email);
      reply.status(201);
      return ok({
        url: consoleLinkUrl(app.config.publicUrl, 'entrar-com-link', link.token),
        expiresAt: link.expiresAt.toISOString(),
      });
    },
  );
}
