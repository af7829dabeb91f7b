import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  logisticOption,
  logisticQuery,
  manualLogisticBody,
  scheduleBody,
  scheduleDay,
  selectLogisticBody,
  sellerOption,
} from '@vitrine/contracts/checkout';
import { order } from '@vitrine/contracts/order';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent, requireSession } from '../../plugins/auth.ts';
import { selectLogistic, selectSlot, setManualLogistic } from '../../modules/checkout/service.ts';
import { scheduleDays, listStores, logisticOptions } from '../../modules/logistics/service.ts';

/** Logistics, stores and delivery schedule of the agent checkout (spec §7). */
export async function logisticsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];

  r.get(
    '/api/order/logistic/',
    {
      schema: {
        tags,
        summary: 'Pickup or delivery options',
        querystring: logisticQuery,
        response: okSchema(z.array(logisticOption)),
      },
    },
    async (request) => ok(await logisticOptions(app.db, requireSession(request), request.query)),
  );
  r.post(
    '/api/order/logistic/',
    {
      schema: {
        tags,
        summary: 'Selects a logistic option',
        body: selectLogisticBody,
        response: okSchema(order),
      },
    },
    async (request) => ok(await selectLogistic(app.db, requireSession(request), request.body)),
  );
  r.post(
    '/api/order/logistic/manual',
    {
      schema: {
        tags,
        summary: "Manual freight 'Grátis' or 'Customizado' (agents)",
        querystring: z.object({ code: z.string().max(100).optional() }),
        body: manualLogisticBody,
        response: okSchema(order),
      },
    },
    async (request) =>
      ok(await setManualLogistic(app.db, requireAgent(request), request.query.code, request.body)),
  );
  r.get(
    '/api/order/stores/',
    { schema: { tags, summary: 'Stores of the shop', response: okSchema(z.array(sellerOption)) } },
    async (request) => ok(await listStores(app.db, requireSession(request))),
  );
  r.get(
    '/api/order/schedule',
    { schema: { tags, summary: 'Delivery days and slots', response: okSchema(z.array(scheduleDay)) } },
    async (request) => ok(await scheduleDays(app.db, requireSession(request))),
  );
  r.post(
    '/api/order/schedule',
    { schema: { tags, summary: 'Reserves a delivery slot', body: scheduleBody, response: okSchema(order) } },
    async (request) => ok(await selectSlot(app.db, requireSession(request), request.body.id)),
  );
}
