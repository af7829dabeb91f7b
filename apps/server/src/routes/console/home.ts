/** The console's shop home: the first-run checklist, a link to try the shop as an agent, the audit log. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentLink, auditPage, checklist, shopSlug } from '@vitrine/contracts/console';
import { ok, okSchema } from '../../lib/envelope.ts';
import { shopChecklist } from '../../flows/home/checklist.ts';
import { auditPageOf } from '../../modules/audit/service.ts';
import { createPlatformSession, sessionUrl } from '../../modules/session/service.ts';
import { CSRF_HEADER, requireStaff } from '../../plugins/staff-auth.ts';

const tags = ['console'];
const shopParams = z.object({ shop: shopSlug });
/** The contact of the agent link: a test customer of the shop, so trying the shop touches no real one. */
const TRY_CONTACT = { name: 'Cliente de teste', phone: '5511900000000' };

export async function consoleHomeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/checklist',
    {
      schema: {
        tags,
        summary: 'Console: what the shop still lacks, and its customer link',
        params: shopParams,
        response: okSchema(checklist),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await shopChecklist(app.db, app.config, staff.shop.id));
    },
  );

  r.post(
    '/api/console/shops/:shop/agent-links',
    {
      schema: {
        tags,
        summary: 'Console: an agent session link to try the shop (for a test customer)',
        params: shopParams,
        headers: z.object({ [CSRF_HEADER]: z.string().optional() }),
        response: okSchema(agentLink),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      const issued = await createPlatformSession(
        app.db,
        app.config.sessionTtlMs,
        {
          shop: staff.shop.slug,
          sessionType: 'agent',
          channelType: 'whatsapp',
          contact: TRY_CONTACT,
          agent: { name: staff.name },
        },
        staff.userId,
      );
      return ok({
        url: sessionUrl(app.config.publicUrl, issued.code),
        expiresAt: issued.context.expiresAt.toISOString(),
      });
    },
  );

  r.get(
    '/api/console/shops/:shop/audit',
    {
      schema: {
        tags,
        summary: 'Console (owner): the audit log, newest first',
        params: shopParams,
        querystring: z
          .object({
            before: z
              .string()
              .regex(/^aud_[0-9a-z]{26}$/)
              .optional(),
          })
          .strict(),
        response: okSchema(auditPage),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await auditPageOf(app.db, staff.shop.id, request.query.before ?? null));
    },
  );
}
