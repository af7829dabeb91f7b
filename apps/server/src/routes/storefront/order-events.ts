/**
 * The storefront's live order: a server-sent event stream per order (docs/decisions/0026-live-order.md), for
 * any session of the order's customer (the shopper's and the agent's screens alike).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderEventStream } from '../../modules/live-events/service.ts';
import { requireSession } from '../../plugins/auth.ts';
import { lastEventIdHeaders, lastEventIdOf, sendEventStream } from '../../plugins/live-events.ts';

export async function orderEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/:orderId/events',
    {
      schema: {
        tags: ['order'],
        summary:
          "Server-sent events of one of the session customer's orders (hello with its version, then each change: version, order or payment, who made it); Last-Event-ID resumes",
        params: z.object({ orderId: z.string().min(1).max(64) }),
        headers: lastEventIdHeaders,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const start = await orderEventStream({
        db: app.db,
        bus: app.orderEvents,
        heartbeats: app.orderHeartbeats,
        session,
        orderId: request.params.orderId,
        lastEventId: lastEventIdOf(request),
      });
      // An agent session ended early (its staff member removed, …) ends its stream too (plugins/auth.ts).
      await sendEventStream(app, request, reply, start, [`session:${session.id}`]);
    },
  );
}
