/**
 * The contact chooses the delivery of their placed WhatsApp catalogue order (issue 35, decision 0054): the page the
 * order summary's link opens (`/order/delivery/{orderId}`, a new session of theirs) reads the choices and sends one.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  choosePlacedDeliveryBody,
  placedDelivery,
  placedOrderIdParam,
} from '@vitrine/contracts/placed-delivery';
import { choosePlacedDelivery, placedDeliveryOf } from '../../flows/orders/placed-delivery.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';

const params = z.object({ orderId: placedOrderIdParam });
const tags = ['order'];

export async function placedDeliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/placed/:orderId/delivery',
    {
      schema: {
        tags,
        summary:
          "The contact's placed order without a delivery option: its lines and totals, the shop's options with their slots, the contact's addresses",
        params,
        response: okSchema(placedDelivery),
      },
    },
    async (request) => ok(await placedDeliveryOf(app.db, requireSession(request), request.params.orderId)),
  );

  r.post(
    '/api/order/placed/:orderId/delivery',
    {
      schema: {
        tags,
        summary:
          "The contact chooses the option, address and slot of their placed order: the fee is added to the total, the slot's place taken, recorded as a version by the contact",
        params,
        body: choosePlacedDeliveryBody,
        response: okSchema(placedDelivery),
      },
    },
    async (request) =>
      ok(await choosePlacedDelivery(app.db, requireSession(request), request.params.orderId, request.body)),
  );
}
