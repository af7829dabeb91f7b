/** The console's live events: a server-sent event stream per shop (cookie auth, every role of the shop). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopSlug } from '@vitrine/contracts/console';
import { openShopEventStream } from '../../modules/live-events/service.ts';
import { lastEventIdHeaders, lastEventIdOf, sendEventStream } from '../../plugins/live-events.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';

const HEARTBEAT_MS = 15_000;

export async function consoleEventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/events',
    {
      schema: {
        tags: ['console'],
        summary:
          'Console: server-sent events of the shop (order placed, order or payment changed); Last-Event-ID resumes',
        params: z.object({ shop: shopSlug }),
        headers: lastEventIdHeaders,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'agent');
      await sendEventStream(
        app,
        request,
        reply,
        (write) =>
          openShopEventStream({
            db: app.db,
            bus: app.shopEvents,
            shopId: staff.shop.id,
            lastEventId: lastEventIdOf(request),
            heartbeatMs: HEARTBEAT_MS,
            write,
          }),
        // Removed, demoted, reset or signed out everywhere: the stream ends with the console sessions.
        [`staff:${staff.userId}`],
      );
    },
  );
}
