/** The console's live events: a server-sent event stream per shop (cookie auth, every role of the shop). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopSlug } from '@vitrine/contracts/console';
import { openShopEventStream } from '../modules/live-events/stream.ts';
import { requireStaff } from '../plugins/staff-auth.ts';

const HEARTBEAT_MS = 15_000;
const headers = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Last-Event-ID inválido')
    .optional(),
});

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
        headers,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'agent');
      const last = request.headers['last-event-id'];
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let stop: (() => Promise<void>) | null = null;
      const end = () => {
        forget();
        void stop?.();
        raw.end();
      };
      const forget = app.trackStream(end);
      request.raw.on('close', end);
      stop = await openShopEventStream({
        db: app.db,
        bus: app.shopEvents,
        shopId: staff.shop.id,
        lastEventId: last ? Number(last) : null,
        heartbeatMs: HEARTBEAT_MS,
        write: (chunk) => raw.write(chunk),
      });
      if (raw.writableEnded) await stop();
    },
  );
}
