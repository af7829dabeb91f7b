import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PaymentContext, receivePaymentWebhook } from '../../modules/payment/service.ts';
import { ok, okSchema } from '../../lib/envelope.ts';

/**
 * Gateway notifications. The body is kept raw (any content type) because signatures are over the exact bytes;
 * the gateway's parseWebhook verifies signature and timestamp (401 and nothing changed otherwise).
 */
export function paymentWebhookRoutes(ctx: PaymentContext) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/webhooks/payments/:gateway/:shopId',
      {
        schema: {
          tags: ['payment'],
          summary: 'Payment gateway notification (signed); duplicates are acknowledged and ignored',
          description:
            "401 bad signature or timestamp; 409 when the payment is not recorded yet (the gateway retries); 404 when the shop's account uses another gateway.",
          params: z.object({ gateway: z.string().max(40), shopId: z.string().max(60) }),
          response: okSchema(z.object({ duplicate: z.boolean(), moved: z.boolean() })),
        },
      },
      async (request) =>
        ok(
          await receivePaymentWebhook(ctx, request.params.gateway, request.params.shopId, {
            headers: request.headers,
            query: request.query as Record<string, string | undefined>,
            rawBody: typeof request.body === 'string' ? request.body : '',
          }),
        ),
    );
  };
}
