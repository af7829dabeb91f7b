import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { order } from '@vitrine/contracts/order';
import { confirmResult, selectGiftsBody, setItemBody } from '@vitrine/contracts/order-api';
import { confirmCustomerOrder } from '../../flows/checkout/confirm-order.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { selectOrderGifts, setOrderItem, getCurrentOrder } from '../../modules/order/service.ts';

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/order/current',
    { schema: { tags: ['order'], summary: "The session user's open order", response: okSchema(order) } },
    async (request) => ok(await getCurrentOrder(app.db, requireSession(request))),
  );

  r.post(
    '/api/order/items/',
    {
      schema: {
        tags: ['order'],
        summary: 'Sets one line to an absolute quantity (0 removes); returns the updated order',
        body: setItemBody,
        response: okSchema(order),
      },
    },
    async (request) => ok(await setOrderItem(app.db, requireSession(request), request.body)),
  );

  r.post(
    '/api/order/gift/',
    {
      schema: {
        tags: ['order'],
        summary: 'Replaces the gift selection of one gift group; returns the updated order',
        body: selectGiftsBody,
        response: okSchema(order),
      },
    },
    async (request) => ok(await selectOrderGifts(app.db, requireSession(request), request.body)),
  );

  r.get(
    '/api/order/confirm',
    {
      schema: {
        tags: ['order'],
        summary: 'Customer confirm: Creating → Received once; returns the order and where to go next',
        response: okSchema(confirmResult),
      },
    },
    async (request) => ok(await confirmCustomerOrder(app.db, requireSession(request))),
  );
}
