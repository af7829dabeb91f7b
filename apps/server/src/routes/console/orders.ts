/** The console's orders board (every role of the shop): list, detail and the staff's order actions. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boardFilters,
  boardPage as boardPageSchema,
  boardQuery,
  cancelOrderBody,
  fulfilmentBody,
  notPlacedCatalogOrders as notPlacedSchema,
  orderDetail as orderDetailSchema,
  orderIdParam,
} from '@vitrine/contracts/console-orders';
import { localDay } from '@vitrine/contracts/shop-time';
import { ledgerEntryIdParam, recordPaymentBody } from '@vitrine/contracts/order-payments';
import { recordPayment, undoPayment, type PaymentStaff } from '../../flows/orders/record-payment.ts';
import type { StaffShopAccess } from '../../plugins/staff-auth.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { advanceFulfilment, cancelOrder, finalizeOrder } from '../../flows/orders/manage.ts';
import { boardPage, notPlacedCatalogOrders, orderDetail } from '../../flows/orders/board.ts';
import { boardCsv } from '../../flows/orders/board-csv.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  csvReply,
  shopParams,
} from './kit.ts';

const orderParams = shopParams.extend({ orderId: orderIdParam });
const done = okSchema(z.object({ done: z.literal(true) }));
const paymentStaff = (staff: StaffShopAccess): PaymentStaff => ({
  userId: staff.userId,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  shopId: staff.shop.id,
});

export async function consoleOrderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/orders',
    {
      schema: {
        tags,
        summary: 'Console: placed orders, newest first, filtered, one keyset page',
        params: shopParams,
        querystring: boardQuery,
        response: okSchema(boardPageSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await boardPage(app.db, staff.shop.id, request.query, staff.role));
    },
  );

  r.get(
    '/api/console/shops/:shop/catalog-orders/not-placed',
    {
      schema: {
        tags,
        summary:
          "Console: the last week's WhatsApp catalogue orders of which nothing could be placed (issue 35)",
        description:
          'No order exists for them: who sent each, when, and why (items unknown or sold out, a shop minimum). ' +
          'Newest first, at most 20.',
        params: shopParams,
        response: okSchema(notPlacedSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await notPlacedCatalogOrders(app.db, staff.shop.id));
    },
  );

  r.get(
    '/api/console/shops/:shop/orders.csv',
    {
      schema: {
        tags,
        summary:
          'Console: the filtered orders as CSV (every page; ; separated, pt-BR formats, UTF-8 with BOM)',
        params: shopParams,
        querystring: boardFilters,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'agent');
      const csv = await boardCsv(app.db, staff.shop.id, request.query);
      const day = localDay(new Date(), staff.shop.timeZone);
      return csvReply(reply, `pedidos-${staff.shop.slug}-${day}.csv`).send(csv);
    },
  );

  r.get(
    '/api/console/shops/:shop/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'Console: one order with its lines, customer, payments, messages and history',
        params: orderParams,
        response: okSchema(orderDetailSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await orderDetail(app.db, staff.shop.id, request.params.orderId, staff.role));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/finalize',
    {
      schema: {
        tags,
        summary: 'Console: mark the order as finalized',
        params: orderParams,
        headers,
        response: done,
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      await finalizeOrder(app.db, actorOf(staff), request.params.orderId);
      return ok({ done: true as const });
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/cancel',
    {
      schema: {
        tags,
        summary: 'Console: cancel the order with a reason (a paid order needs a refund decision)',
        params: orderParams,
        headers,
        body: cancelOrderBody,
        response: done,
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      await cancelOrder(app.db, actorOf(staff), request.params.orderId, request.body);
      return ok({ done: true as const });
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/fulfilment',
    {
      schema: {
        tags,
        summary: 'Console: next fulfilment step; the customer gets a message on their channel',
        params: orderParams,
        headers,
        body: fulfilmentBody,
        response: okSchema(z.object({ messageQueued: z.boolean() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await advanceFulfilment(app.db, actorOf(staff), request.params.orderId, request.body.step));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/payments',
    {
      schema: {
        tags,
        summary:
          "Console: 'Registrar pagamento' — a payment received outside a gateway (owner, manager; agents when the shop allows). Header Idempotency-Key: a repeat records nothing more",
        params: orderParams,
        headers: headers.extend({ 'idempotency-key': z.string().optional() }),
        body: recordPaymentBody,
        response: okSchema(z.object({ entryId: z.string(), duplicate: z.boolean(), fullyPaid: z.boolean() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      const key = request.headers['idempotency-key'];
      return ok(await recordPayment(app.db, paymentStaff(staff), request.params.orderId, request.body, key));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/payments/:entryId/undo',
    {
      schema: {
        tags,
        summary: "Console: 'Desfazer' a payment recorded by hand, on the shop's day it was recorded",
        params: orderParams.extend({ entryId: ledgerEntryIdParam }),
        headers,
        response: done,
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(
        await undoPayment(app.db, paymentStaff(staff), request.params.orderId, request.params.entryId),
      );
    },
  );
}
