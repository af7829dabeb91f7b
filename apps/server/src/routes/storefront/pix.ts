import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manualPix } from '@vitrine/contracts/messaging';
import { verifyPixBrCode } from '@vitrine/contracts/pix';
import { AppError } from '../../lib/app-error.ts';
import { documentSignature } from '../../lib/signed-url.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent } from '../../plugins/auth.ts';
import { manualPixForCurrentOrder, qrPng } from '../../modules/payment/service.ts';

export async function pixRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signature = documentSignature(app.config);
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
        summary: 'PNG QR code of a Pix "copia e cola" code (the image of the payment message; signed link)',
        description:
          "403 'Link do documento inválido ou expirado.' without a valid `exp`/`sig` (the delivered message's link); " +
          "400 'Código Pix inválido.' unless `code` is a BR Code with a valid CRC.",
        security: [],
        querystring: z.object({
          code: z.string().min(20).max(1000),
          exp: z
            .string()
            .regex(/^\d{1,12}$/)
            .optional(),
          sig: z.string().max(60).optional(),
        }),
      },
    },
    async (request, reply) => {
      if (signature(request) !== 'ok') throw new AppError('forbidden', 'documentLinkInvalid');
      if (!verifyPixBrCode(request.query.code)) throw new AppError('validation', 'pixCodeInvalid');
      const png = await qrPng(request.query.code);
      return reply.type('image/png').header('cache-control', 'private, max-age=86400').send(png);
    },
  );
}
