import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatBRL } from '@vitrine/contracts/money';
import { AppError } from '../../lib/app-error.ts';
import { boletoPdf } from './boleto-pdf.ts';
import { findPayment } from './repository.ts';

/** Demo only: the sandbox boleto's PDF (404 outside demo mode or for a payment without a boleto). */
export async function paymentDevRoutes(app: FastifyInstance) {
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
      const payment = app.config.demoMode
        ? await findPayment(app.db, request.params.file.slice(0, -4))
        : null;
      if (!payment?.boleto_line) throw new AppError('notFound', 'paymentNotFound');
      const pdf = boletoPdf([
        'Boleto de DEMONSTRACAO - nao pague',
        `Valor: ${formatBRL(payment.amount_cents).replace('\u00a0', ' ')}`,
        `Linha digitavel: ${payment.boleto_line}`,
        `Vencimento: ${payment.expires_at ? new Date(payment.expires_at).toISOString().slice(0, 10) : '-'}`,
      ]);
      return reply.type('application/pdf').send(pdf);
    },
  );
}
