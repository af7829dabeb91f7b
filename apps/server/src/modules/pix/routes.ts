import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manualPix } from '@vitrine/contracts/messaging';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent } from '../../plugins/auth.ts';
import { manualPixForCurrentOrder, qrPng } from './service.ts';

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

  r.get(
    '/api/pix/qr.png',
    {
      schema: {
        tags: ['payment'],
        summary: 'Public: PNG QR code of a Pix "copia e cola" code (the image of the payment message)',
        description: "400 'Código Pix inválido.' unless `code` is a BR Code with a valid CRC.",
        security: [],
        querystring: z.object({ code: z.string().min(20).max(1000) }),
      },
    },
    async (request, reply) => {
      if (!verifyPixBrCode(request.query.code)) throw new AppError('validation', 'pixCodeInvalid');
      const png = await qrPng(request.query.code);
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
    },
  );
}
