import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentConfirmBody,
  deliveryPaymentBody,
  paymentOption,
  priceTable,
  sellerOption,
} from '@vitrine/contracts/checkout';
import { order } from '@vitrine/contracts/order';
import { agentCancelOrder, agentConfirmOrder } from '../../flows/checkout/agent-confirm.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireAgent, requireSession } from '../../plugins/auth.ts';
import { listStores } from '../../modules/logistics/service.ts';
import {
  applyCoupon,
  setManualDiscount,
  listPriceTables,
  setPriceTable,
  setSeller,
} from '../../modules/checkout/service.ts';
import { listPaymentOptions, setDeliveryPayment, setPaymentMethod } from '../../modules/payment/service.ts';

/** Seller, price tables, payment, coupon, discount, agent confirm and cancel (spec §7). */
export async function checkoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['checkout'];
  const orderOk = okSchema(order);
  /** The order the agent's screen shows: a retry never acts on a newer open order (order module: lockAgentTarget). */
  const shownOrder = z.object({ orderId: z.string().min(1).max(100).optional() });

  r.get(
    '/api/order/seller/',
    {
      schema: {
        tags,
        summary: 'Seller options',
        querystring: z.object({
          type: z.string().optional(),
          code: z.string().optional(),
          number: z.string().optional(),
        }),
        response: okSchema(z.array(sellerOption)),
      },
    },
    async (request) => ok(await listStores(app.db, requireAgent(request))),
  );
  r.post(
    '/api/order/seller/',
    {
      schema: {
        tags,
        summary: 'Chooses the seller; clears logistic, day, schedule and payment',
        body: z.object({ providerId: z.string().max(100) }),
        response: orderOk,
      },
    },
    async (request) => ok(await setSeller(app.db, requireAgent(request), request.body.providerId)),
  );
  r.get(
    '/api/order/price-tables',
    { schema: { tags, summary: 'Price tables', response: okSchema(z.array(priceTable)) } },
    async (request) => ok(await listPriceTables(app.db, requireAgent(request))),
  );
  r.post(
    '/api/order/price-tables/:id',
    {
      schema: {
        tags,
        summary: 'Applies a price table (reprices the order)',
        params: z.object({ id: z.string().max(100) }),
        response: orderOk,
      },
    },
    async (request) => ok(await setPriceTable(app.db, requireAgent(request), request.params.id)),
  );
  r.get(
    '/api/order/payments/',
    { schema: { tags, summary: 'Payment options of the order', response: okSchema(z.array(paymentOption)) } },
    async (request) => ok(await listPaymentOptions(app.db, requireSession(request))),
  );
  r.post(
    '/api/order/payment/method',
    {
      schema: {
        tags,
        summary: 'Sets the payment method',
        querystring: z.object({ paymentMethod: z.coerce.number().int().min(0).max(9) }),
        response: orderOk,
      },
    },
    async (request) =>
      ok(await setPaymentMethod(app.db, requireSession(request), request.query.paymentMethod)),
  );
  r.post(
    '/api/order/payment/delivery',
    {
      schema: {
        tags,
        summary: 'Pay on delivery option and cash amount',
        body: deliveryPaymentBody,
        response: orderOk,
      },
    },
    async (request) => ok(await setDeliveryPayment(app.db, requireSession(request), request.body)),
  );
  r.post(
    '/api/order/coupon/',
    {
      schema: {
        tags,
        summary: 'Applies a coupon (a failure resets it)',
        querystring: z.object({ coupon: z.string().max(60).default('') }),
        response: orderOk,
      },
    },
    async (request) => ok(await applyCoupon(app.db, requireSession(request), request.query.coupon)),
  );
  r.post(
    '/api/order/discount',
    {
      schema: {
        tags,
        summary: 'Manual discount in reais (agents)',
        querystring: z.object({ discount: z.coerce.number() }),
        response: orderOk,
      },
    },
    async (request) => ok(await setManualDiscount(app.db, requireAgent(request), request.query.discount)),
  );
  r.post(
    '/api/order/confirm',
    {
      schema: {
        tags,
        summary: 'Agent confirm: Creating → Received',
        querystring: shownOrder,
        body: agentConfirmBody,
        response: orderOk,
      },
    },
    async (request) =>
      ok(await agentConfirmOrder(app.db, requireAgent(request), request.body, request.query.orderId)),
  );
  r.get(
    '/api/order/cancel',
    { schema: { tags, summary: 'Agent cancel: → Canceled', querystring: shownOrder, response: orderOk } },
    async (request) => ok(await agentCancelOrder(app.db, requireAgent(request), request.query.orderId)),
  );
}
