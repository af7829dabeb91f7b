import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { shopSettings } from '@vitrine/contracts/shop';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { getShop, settingsOf } from '../../modules/shop/service.ts';

export async function shopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/shop/settings',
    {
      schema: {
        tags: ['shop'],
        summary: 'Settings and style of the session shop',
        response: okSchema(shopSettings),
      },
    },
    async (request) => {
      const session = requireSession(request);
      return ok(settingsOf(await getShop(app.db, session.shopId)));
    },
  );
}
