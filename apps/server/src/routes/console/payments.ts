/**
 * Console 'Pagamentos' (owner and manager; issue 38 gathered them from 'Vendas'): the payment methods the shop takes
 * and its Pix receiver, audit-logged. The payment account and the bank's API Pix are the owner's
 * (payments-account.ts, payments-pix-bank.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentMethodsBody } from '@vitrine/contracts/console-payment-methods';
import { pixReceiver, pixReceiverBody } from '@vitrine/contracts/console-pix';
import { ok, okSchema } from '../../lib/envelope.ts';
import { setPaymentMethods, setShopPix } from '../../flows/payments/rules.ts';
import { shopPaymentMethods } from '../../modules/shop/service.ts';
import { shopPixReceiver } from '../../modules/payment/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

export async function consolePaymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };
  r.get(
    '/api/console/shops/:shop/pix',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the shop’s Pix key and receiver name and city (BR Code)',
        params,
        response: okSchema(pixReceiver),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await shopPixReceiver(app.db, staff.shop.id));
    },
  );

  r.put(
    '/api/console/shops/:shop/pix',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): set the shop’s Pix key, receiver name (≤ 25) and city (≤ 15)',
        params,
        headers,
        body: pixReceiverBody,
        response: okSchema(pixReceiver),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await setShopPix(app.db, actorOf(staff), request.body));
    },
  );

  r.get(
    '/api/console/shops/:shop/payment-methods',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the payment methods and pay-on-delivery means the shop takes',
        params,
        response: okSchema(paymentMethodsBody),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await shopPaymentMethods(app.db, staff.shop.id));
    },
  );

  r.put(
    '/api/console/shops/:shop/payment-methods',
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): choose the payment methods the shop takes (audit-logged old → new)',
        params,
        headers,
        body: paymentMethodsBody,
        response: okSchema(paymentMethodsBody),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await setPaymentMethods(deps, actorOf(staff), request.body));
    },
  );
}
