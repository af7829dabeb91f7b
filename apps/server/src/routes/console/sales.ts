/**
 * Console 'Vendas' (owner and manager, issue 18): the shop's coupons and gifts by order value, audit-logged. The Pix
 * receiver and the payment methods are 'Pagamentos' (payments.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleCoupon, couponBody, couponIdParams, couponList } from '@vitrine/contracts/console-coupons';
import {
  consoleGiftTier,
  giftTierBody,
  giftTierList,
  giftTierParams,
} from '@vitrine/contracts/console-gifts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { addCoupon, changeCoupon, deleteGiftTier, setGiftTier } from '../../flows/sales/rules.ts';
import { shopCoupons } from '../../modules/checkout/service.ts';
import { shopGiftTiers } from '../../modules/order/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

export async function consoleSalesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };
  const tierParams = params.extend(giftTierParams.shape);

  r.get(
    '/api/console/shops/:shop/coupons',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the shop’s coupons, newest first, with their uses',
        params,
        response: okSchema(couponList),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok({ coupons: await shopCoupons(app.db, staff.shop.id) });
    },
  );

  r.post(
    '/api/console/shops/:shop/coupons',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): create a coupon (audit-logged); 409 when the code is taken',
        params,
        headers,
        body: couponBody,
        response: { 201: okSchema(consoleCoupon)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      const coupon = await addCoupon(app.db, actorOf(staff), request.body);
      reply.status(201);
      return ok(coupon);
    },
  );

  r.put(
    '/api/console/shops/:shop/coupons/:couponId',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): edit or turn off a coupon (audit-logged with old and new values)',
        params: params.extend(couponIdParams.shape),
        headers,
        body: couponBody,
        response: okSchema(consoleCoupon),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await changeCoupon(app.db, actorOf(staff), request.params.couponId, request.body));
    },
  );

  r.get(
    '/api/console/shops/:shop/gifts',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the shop’s gift tiers by order value, lowest first',
        params,
        response: okSchema(giftTierList),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok({ tiers: await shopGiftTiers(app.db, staff.shop.id) });
    },
  );

  r.post(
    '/api/console/shops/:shop/gifts',
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): add a gift tier (from R$ x, choose n of these products; audit-logged)',
        params,
        headers,
        body: giftTierBody,
        response: { 201: okSchema(consoleGiftTier)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      const tier = await setGiftTier(deps, actorOf(staff), null, request.body);
      reply.status(201);
      return ok(tier);
    },
  );

  r.put(
    '/api/console/shops/:shop/gifts/:tierId',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): edit a gift tier (audit-logged with old and new values)',
        params: tierParams,
        headers,
        body: giftTierBody,
        response: okSchema(consoleGiftTier),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await setGiftTier(deps, actorOf(staff), request.params.tierId, request.body));
    },
  );

  r.delete(
    '/api/console/shops/:shop/gifts/:tierId',
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): remove a gift tier no cart or order has chosen (409 otherwise)',
        params: tierParams,
        headers,
        response: okSchema(z.object({ removed: z.boolean() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await deleteGiftTier(deps, actorOf(staff), request.params.tierId));
    },
  );
}
