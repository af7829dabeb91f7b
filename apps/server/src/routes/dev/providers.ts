/**
 * Demo only: the providers' APIs the console's "Testar conexão" and the channels call, answered by this server
 * (adapters/demo-providers.ts; decisions 0038 and 0040), so the demo works without internet. In demo mode, when
 * GRAPH_API_BASE_URL / MERCADOPAGO_API_URL / PAGARME_API_URL are not set, config.ts points them here
 * (`http://127.0.0.1:${PORT}/dev/providers/…`). Never registered outside demo mode (and `/dev/…` answers 404
 * there, plugins/demo-only.ts); in demo mode only this machine is answered (the server calls itself).
 * Outside `/api/`: a `Bearer demo…` token here is a provider's token, not a session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_PROVIDERS_PATH } from '../../config.ts';
import {
  graphRead,
  graphSend,
  mercadoPagoPaymentMethods,
  pagarmeCustomers,
  type FakeAnswer,
} from '../../adapters/demo-providers.ts';
import { AppError } from '../../lib/app-error.ts';
import { isLoopback } from '../../plugins/demo-only.ts';

const graphParams = z.object({ version: z.string().regex(/^v\d+\.\d+$/), id: z.string().min(1).max(64) });

export async function devProviderRoutes(app: FastifyInstance) {
  if (!app.config.demoMode) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const local = async (request: FastifyRequest) => {
    if (!isLoopback(request.ip)) throw new AppError('notFound', 'routeNotFound');
  };
  const send = (reply: FastifyReply, answer: FakeAnswer) =>
    reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  const hide = { hide: true };
  const base = DEMO_PROVIDERS_PATH;

  r.get(
    `${base}/graph/:version/:id`,
    {
      onRequest: local,
      schema: {
        ...hide,
        params: graphParams,
        querystring: z.object({ fields: z.string().max(200).optional() }),
      },
    },
    async (request, reply) =>
      send(reply, graphRead(request.headers.authorization, request.params.id, request.query.fields)),
  );
  r.post(
    `${base}/graph/:version/:id/messages`,
    { onRequest: local, schema: { ...hide, params: graphParams } },
    async (request, reply) =>
      send(reply, graphSend(request.headers.authorization, request.params.id, request.body)),
  );
  r.get(
    `${base}/mercadopago/v1/payment_methods`,
    { onRequest: local, schema: hide },
    async (request, reply) => send(reply, mercadoPagoPaymentMethods(request.headers.authorization)),
  );
  r.get(`${base}/pagarme/core/v5/customers`, { onRequest: local, schema: hide }, async (request, reply) =>
    send(reply, pagarmeCustomers(request.headers.authorization)),
  );
}
