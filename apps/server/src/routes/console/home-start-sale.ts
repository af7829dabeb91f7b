/** Console, any role: search the shop's contacts and start an assisted sale for one (agent session link). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentLink, shopSlug } from '@vitrine/contracts/console';
import { contactSearch, saleContact, startSaleBody } from '@vitrine/contracts/console-sales';
import { ok, okSchema } from '../../lib/envelope.ts';
import { startSale } from '../../flows/home/start-sale.ts';
import { searchContacts } from '../../modules/customer/service.ts';
import { CSRF_HEADER, requireStaff } from '../../plugins/staff-auth.ts';

const tags = ['console'];
const params = z.object({ shop: shopSlug });

export async function consoleStartSaleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/contacts',
    {
      schema: {
        tags,
        summary: 'Console: the shop’s contacts by name or phone (20, most recent first)',
        params,
        querystring: contactSearch,
        response: okSchema(z.array(saleContact)),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await searchContacts(app.db, staff.shop.id, request.query.q ?? '', 20));
    },
  );

  r.post(
    '/api/console/shops/:shop/sales',
    {
      schema: {
        tags,
        summary: 'Console: start an assisted sale for a contact (known or new); answers the agent link',
        params,
        headers: z.object({ [CSRF_HEADER]: z.string().optional() }),
        body: startSaleBody,
        response: { 201: okSchema(agentLink)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'agent');
      const deps = { db: app.db, sessionTtlMs: app.config.sessionTtlMs, publicUrl: app.config.publicUrl };
      const actor = { userId: staff.userId, label: staff.email, name: staff.name, shop: staff.shop };
      reply.status(201);
      return ok(await startSale(deps, actor, request.body));
    },
  );
}
