import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatBRL } from '@vitrine/contracts/money';
import { dateText } from '@vitrine/contracts/shop-time';
import { AppError } from '../../lib/app-error.ts';
import { documentSignature } from '../../lib/signed-url.ts';
import { boletoPdf, findPayment } from '../../modules/payment/service.ts';
import { getShop } from '../../modules/shop/service.ts';

/**
 * Demo only: the sandbox boleto's PDF (404 outside demo mode, plugins/demo-only.ts, or for a payment without a
 * boleto), through its signed link or to the order's own session (404 for any other).
 */
export async function devBoletoRoutes(app: FastifyInstance) {
  const signature = documentSignature(app.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/payments/boleto/:file',
    {
      schema: {
        tags: ['payment'],
        summary: 'Demo boleto PDF of a sandbox payment',
        params: z.object({ file: z.string().regex(/^pay_[a-z0-9]+\.pdf$/) }),
      },
    },
    async (request, reply) => {
      const signed = signature(request) === 'ok';
      if (!signed && !request.session) throw new AppError('forbidden', 'documentLinkInvalid');
      const payment = await findPayment(app.db, request.params.file.slice(0, -4));
      const owner =
        signed ||
        (payment?.user_id === request.session?.userId && payment?.shop_id === request.session?.shopId);
      if (!payment?.boleto_line || !owner) throw new AppError('notFound', 'paymentNotFound');
      const { time_zone: timeZone } = await getShop(app.db, payment.shop_id);
      const pdf = boletoPdf([
        'Boleto de DEMONSTRACAO - nao pague',
        `Valor: ${formatBRL(payment.amount_cents).replace('\u00a0', ' ')}`,
        `Linha digitavel: ${payment.boleto_line}`,
        `Vencimento: ${payment.expires_at ? dateText(payment.expires_at, timeZone) : '-'}`,
      ]);
      return reply.type('application/pdf').header('cache-control', 'private, no-store').send(pdf);
    },
  );
}
