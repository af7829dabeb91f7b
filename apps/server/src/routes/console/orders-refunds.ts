/**
 * The console's refunds of an order (issue 34, decision 0050): the list with the order's money, 'Reembolsar'
 * (grant), 'Enviar' / 'Tentar novamente' (send) and 'Recebido no estoque' (the return). Writes need a manager or
 * the owner; the list is for every role of the shop.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParam } from '@vitrine/contracts/console-orders';
import {
  grantRefundBody,
  orderRefunds,
  receiveReturnBody,
  refundIdParam,
  refundView,
  sendRefundBody,
} from '@vitrine/contracts/order-refunds';
import { grant, listRefunds, receive, send, type RefundStaff } from '../../flows/orders/refunds.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { paymentContext } from '../../modules/payment/service.ts';
import { requireStaff, type StaffShopAccess } from '../../plugins/staff-auth.ts';
import { consoleTags as tags, csrfHeaders as headers, shopParams } from './kit.ts';

const orderParams = shopParams.extend({ orderId: orderIdParam });
const refundParams = orderParams.extend({ refundId: refundIdParam });
const staffOf = (staff: StaffShopAccess): RefundStaff => ({
  userId: staff.userId,
  email: staff.email,
  name: staff.name,
  shopId: staff.shop.id,
});

export async function consoleOrderRefundRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const payments = paymentContext(app);

  r.get(
    '/api/console/shops/:shop/orders/:orderId/refunds',
    {
      schema: {
        tags,
        summary: "Console: the order's refunds, its lines and money (paid, refunded, pending, refundable)",
        params: orderParams,
        response: okSchema(orderRefunds),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await listRefunds(app.db, staff.shop.id, request.params.orderId));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/refunds',
    {
      schema: {
        tags,
        summary:
          "Console: 'Reembolsar' — grant a refund of lines or an amount (owner, manager). Header Idempotency-Key: a repeat grants nothing more",
        params: orderParams,
        headers: headers.extend({ 'idempotency-key': z.string().optional() }),
        body: grantRefundBody,
        response: okSchema(z.object({ refund: refundView, duplicate: z.boolean() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      const key = request.headers['idempotency-key'];
      return ok(await grant(app.db, staffOf(staff), request.params.orderId, request.body, key));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/refunds/:refundId/send',
    {
      schema: {
        tags,
        summary:
          "Console: 'Enviar' / 'Tentar novamente' — send a granted refund through the payment's rail, or record it by hand with its reference (owner, manager)",
        params: refundParams,
        headers,
        body: sendRefundBody,
        response: okSchema(z.object({ refund: refundView, sent: z.boolean() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      const { orderId, refundId } = request.params;
      return ok(await send(payments, staffOf(staff), orderId, refundId, request.body));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/refunds/:refundId/return',
    {
      schema: {
        tags,
        summary:
          "Console: 'Recebido no estoque' — the refund's items came back; sellable ones return to stock (owner, manager)",
        params: refundParams,
        headers,
        body: receiveReturnBody,
        response: okSchema(z.object({ refund: refundView, restocked: z.number().int() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      const { orderId, refundId } = request.params;
      return ok(await receive(app.db, staffOf(staff), orderId, refundId, request.body));
    },
  );
}
