/**
 * The contact chooses how to pay their placed WhatsApp catalogue order and sees how to pay it (issue 35, decision
 * 0062): the step after the delivery on `/order/delivery/{orderId}`.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { placedOrderIdParam } from '@vitrine/contracts/placed-delivery';
import { choosePlacedPaymentBody, placedPayment } from '@vitrine/contracts/placed-payment';
import { choosePlacedPayment, placedPaymentOf } from '../../flows/orders/placed-payment.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import type { PaymentContext } from '../../modules/payment/service.ts';
import { requireSession } from '../../plugins/auth.ts';

const params = z.object({ orderId: placedOrderIdParam });
const tags = ['order'];

export function placedPaymentRoutes(ctx: PaymentContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/order/placed/:orderId/payment',
      {
        schema: {
          tags,
          summary:
            "The contact's placed order awaiting payment: what is due, the ways the shop takes a remote payment, the one chosen and how to pay it",
          description:
            "403 for a session that is not a contact's; 404 for another's order; 409 when it is not Received, is paid, or the shop offers delivery options and none is chosen yet.",
          params,
          response: okSchema(placedPayment),
        },
      },
      async (request) => ok(await placedPaymentOf(ctx, requireSession(request), request.params.orderId)),
    );

    r.post(
      '/api/order/placed/:orderId/payment',
      {
        schema: {
          tags,
          summary:
            'The contact chooses how to pay their placed order: the method set, the payment message sent, a Pix or boleto charge made',
          description:
            "422 'Forma de pagamento indisponível para este pedido.' for a way the shop does not take for this order; the same way again changes nothing (a charge is made again only when none waits); 503 when the gateway does not answer (the way stays chosen: choose it again).",
          params,
          body: choosePlacedPaymentBody,
          response: okSchema(placedPayment),
        },
      },
      async (request) =>
        ok(await choosePlacedPayment(ctx, requireSession(request), request.params.orderId, request.body)),
    );
  };
}
