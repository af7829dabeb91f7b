import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manualPix } from '@vitrine/contracts/messaging';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent } from '../../plugins/auth.ts';
import { manualPixForCurrentOrder } from './service.ts';

export async function pixRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/order/pix/manual',
    {
      schema: {
        tags: ['payment'],
        summary:
          "Agent: the shop's Pix key and a BR Code (copia e cola + QR SVG data URL) for the current order's total",
        description: "422 'A chave Pix da loja não está configurada.' when the shop has no Pix receiver.",
        response: okSchema(manualPix),
      },
    },
    async (request) => ok(await manualPixForCurrentOrder(app.db, requireAgent(request))),
  );
}
