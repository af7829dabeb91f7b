/**
 * 'Editar pedido' (issue 34, decision 0053): a confirmed order's proposals and a new one, sent to the contact to
 * accept. The owner, a manager or the agent on the order proposes; every role of the shop reads. The same people
 * send the order's payment link to the contact again ('Enviar link de pagamento', issue 38).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParam } from '@vitrine/contracts/console-orders';
import { consoleProductPage } from '@vitrine/contracts/console-catalog-api';
import {
  completePaymentBody,
  editProductsQuery,
  orderCompletion,
  orderEdits,
  orderEditView,
  proposeOrderEditBody,
} from '@vitrine/contracts/order-edits';
import { editProducts, orderEditsOf, proposeEdit, type EditStaff } from '../../flows/orders/order-edits.ts';
import { sendPaymentLink } from '../../flows/orders/payment-link.ts';
import { completePaymentMethod, orderCompletion as completionOf } from '../../flows/orders/complete-order.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireStaff, type StaffShopAccess } from '../../plugins/staff-auth.ts';
import { consoleTags as tags, csrfHeaders as headers, shopParams } from './kit.ts';

const orderParams = shopParams.extend({ orderId: orderIdParam });
const staffOf = (staff: StaffShopAccess): EditStaff => ({
  userId: staff.userId,
  email: staff.email,
  name: staff.name,
  role: staff.role,
  shopId: staff.shop.id,
});

export async function consoleOrderEditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/orders/:orderId/edits',
    {
      schema: {
        tags,
        summary:
          "Console: the order's current version (lines, totals), whether the caller may edit it and its proposals, newest first",
        params: orderParams,
        response: okSchema(orderEdits),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await orderEditsOf(app.db, staffOf(staff), request.params.orderId));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/edits',
    {
      schema: {
        tags,
        summary:
          "Console: 'Editar pedido' — propose line changes against the order's version (owner, manager, the agent on the order); the contact accepts or declines on the storefront",
        params: orderParams,
        headers,
        body: proposeOrderEditBody,
        response: okSchema(orderEditView),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await proposeEdit(app.db, staffOf(staff), request.params.orderId, request.body));
    },
  );

  r.get(
    '/api/console/shops/:shop/orders/:orderId/edits/products',
    {
      schema: {
        tags,
        summary:
          "Console: 'Adicionar produto' of 'Editar pedido' — the shop's active products matching q (every role)",
        params: orderParams,
        querystring: editProductsQuery,
        response: okSchema(consoleProductPage),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await editProducts(app.db, staff.shop.id, request.params.orderId, request.query.q));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/payment-link',
    {
      schema: {
        tags,
        summary:
          "Console: 'Enviar link de pagamento' — the order's payment message again to its contact over the chat (owner, manager, the agent on the order)",
        description:
          '409 with the pt-BR reason when the order is not Received, is paid, has no method yet, is paid offline ' +
          'or its boleto / gateway Pix goes with its charge; 422 when the shop has no online payment for the method ' +
          'or the order has no conversation. One message per order and minute.',
        params: orderParams,
        headers,
        response: okSchema(z.object({ sent: z.literal(true) })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await sendPaymentLink(app.db, staffOf(staff), request.params.orderId));
    },
  );

  r.get(
    '/api/console/shops/:shop/orders/:orderId/completion',
    {
      schema: {
        tags,
        summary:
          "Console: what 'Completar pedido' may set on the order — the payment methods it offers while it is Received without one (owner, manager, the agent on the order)",
        params: orderParams,
        response: okSchema(orderCompletion),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await completionOf(app.db, staffOf(staff), request.params.orderId));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/completion/payment-method',
    {
      schema: {
        tags,
        summary:
          "Console: 'Completar pedido' sets the payment method of a Received order confirmed without one (owner, manager, the agent on the order; audited)",
        description:
          '409 when the order is not Received, already has a method or changed since `version`; 422 when the ' +
          'option is not one the order offers now (boleto and charges made at confirmation are not).',
        params: orderParams,
        headers,
        body: completePaymentBody,
        response: okSchema(z.object({ version: z.number().int(), paymentMethod: z.string() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await completePaymentMethod(app.db, staffOf(staff), request.params.orderId, request.body));
    },
  );
}
