/** Chatbot platform: look an order up (by id, or a contact's orders by phone) to answer the customer. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { orderIdParam } from '@vitrine/contracts/console-orders';
import { platformOrder, platformOrderPage, platformOrderQuery } from '@vitrine/contracts/platform-orders';
import { ok, okSchema } from '../../lib/envelope.ts';
import { platformOrder as findPlatformOrder, platformOrdersByPhone } from '../../flows/platform/orders.ts';
import { requirePlatformKey } from '../../modules/session/service.ts';
import { platformShopSchema } from '../../modules/shop/service.ts';

export async function platformOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requirePlatformKey(app.config);

  r.get(
    '/api/platform/shops/:shop/orders',
    {
      schema: {
        ...platformShopSchema,
        summary: "Chatbot platform: a contact's placed orders by phone, newest first, paged",
        description:
          'The phone as the platform knows it (digits; with or without DDI 55). Each order: status, payment ' +
          'status and method, total in centavos, delivery or pickup and slot, the public number (`#number`). ' +
          '`nextCursor` pages to older orders. 400 pt-BR; 401 wrong key; 404 unknown shop.',
        querystring: platformOrderQuery,
        response: okSchema(platformOrderPage),
      },
      preValidation,
    },
    async (request) => ok(await platformOrdersByPhone(app.db, request.params.shop, request.query)),
  );

  r.get(
    '/api/platform/shops/:shop/orders/:orderId',
    {
      schema: {
        ...platformShopSchema,
        summary: 'Chatbot platform: one placed order of the shop (status, payment, total, delivery, number)',
        description:
          "404 'Pedido não encontrado nesta loja.' when the order is unknown, still a cart, or another shop's.",
        params: platformShopSchema.params.extend({ orderId: orderIdParam }),
        response: okSchema(platformOrder),
      },
      preValidation,
    },
    async (request) => ok(await findPlatformOrder(app.db, request.params.shop, request.params.orderId)),
  );
}
