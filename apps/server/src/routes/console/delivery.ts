/**
 * Console 'Entrega' (owner, manager; docs/decisions/0036-delivery-console.md): pickup stores, delivery options
 * and where they deliver, and a CEP look-up for the store's address.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cepResult } from '@vitrine/contracts/checkout';
import { shopSlug } from '@vitrine/contracts/console';
import {
  deliveryOption,
  deliveryOptionBody,
  deliveryOptionList,
  scheduleBody,
  scheduleQuery,
  scheduleView,
  store,
  storeBody,
  storeList,
} from '@vitrine/contracts/console-delivery';
import { ok, okSchema } from '../../lib/envelope.ts';
import { cepProviderFor, lookupCep } from '../../adapters/cep/index.ts';
import {
  deleteDeliveryOption,
  deleteStore,
  editDeliveryOption,
  editSchedule,
  editStore,
} from '../../flows/delivery/edit.ts';
import { deliveryOptionsOf, storesOf } from '../../modules/logistics/service.ts';
import { scheduleWithOrders } from '../../flows/delivery/schedule-view.ts';
import { CSRF_HEADER, requireStaff, type StaffShopAccess } from '../../plugins/staff-auth.ts';

const tags = ['console'];
const params = z.object({ shop: shopSlug });
const id = z.string().min(1).max(60);
const storeParams = params.extend({ storeId: id });
const optionParams = params.extend({ optionId: id });
const headers = z.object({ [CSRF_HEADER]: z.string().optional() });
const removed = z.object({ id: z.string() });
const actorOf = (staff: StaffShopAccess) => ({
  userId: staff.userId,
  label: staff.email,
  shopId: staff.shop.id,
});
const who = 'Console (owner, manager)';

export async function consoleDeliveryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cep = cepProviderFor(app.config.cep);
  const stores = '/api/console/shops/:shop/delivery/stores';
  const options = '/api/console/shops/:shop/delivery/options';

  r.get(
    '/api/console/shops/:shop/delivery/cep/:cep',
    {
      schema: {
        tags,
        summary: `${who}: the address of a CEP, for a store's address`,
        params: params.extend({ cep: z.string().max(9) }),
        response: okSchema(cepResult),
      },
    },
    async (request) => {
      await requireStaff(request, 'manager');
      return ok(await lookupCep(cep, request.params.cep));
    },
  );

  r.get(
    stores,
    { schema: { tags, summary: `${who}: the pickup stores`, params, response: okSchema(storeList) } },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok({ stores: await storesOf(app.db, staff.shop.id) });
    },
  );

  r.post(
    stores,
    {
      schema: {
        tags,
        summary: `${who}: add a store (audit-logged)`,
        params,
        headers,
        body: storeBody,
        response: { 201: okSchema(store)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      reply.status(201);
      return ok(await editStore(app.db, actorOf(staff), null, request.body));
    },
  );

  r.put(
    `${stores}/:storeId`,
    {
      schema: {
        tags,
        summary: `${who}: change a store (audit-logged with old and new values)`,
        params: storeParams,
        headers,
        body: storeBody,
        response: okSchema(store),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editStore(app.db, actorOf(staff), request.params.storeId, request.body));
    },
  );

  r.delete(
    `${stores}/:storeId`,
    {
      schema: {
        tags,
        summary: `${who}: remove a store and its pickup (orders keep theirs)`,
        params: storeParams,
        headers,
        response: okSchema(removed),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      await deleteStore(app.db, actorOf(staff), request.params.storeId);
      return ok({ id: request.params.storeId });
    },
  );

  r.get(
    options,
    {
      schema: {
        tags,
        summary: `${who}: the delivery options and where they deliver`,
        params,
        response: okSchema(deliveryOptionList),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok({ options: await deliveryOptionsOf(app.db, staff.shop.id) });
    },
  );

  r.post(
    options,
    {
      schema: {
        tags,
        summary: `${who}: add a delivery option (audit-logged)`,
        params,
        headers,
        body: deliveryOptionBody,
        response: { 201: okSchema(deliveryOption)[200] },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      reply.status(201);
      return ok(await editDeliveryOption(app.db, actorOf(staff), null, request.body));
    },
  );

  r.put(
    `${options}/:optionId`,
    {
      schema: {
        tags,
        summary: `${who}: change a delivery option (audit-logged with old and new values)`,
        params: optionParams,
        headers,
        body: deliveryOptionBody,
        response: okSchema(deliveryOption),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editDeliveryOption(app.db, actorOf(staff), request.params.optionId, request.body));
    },
  );

  r.delete(
    `${options}/:optionId`,
    {
      schema: {
        tags,
        summary: `${who}: remove a delivery option (orders keep theirs)`,
        params: optionParams,
        headers,
        response: okSchema(removed),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      await deleteDeliveryOption(app.db, actorOf(staff), request.params.optionId);
      return ok({ id: request.params.optionId });
    },
  );

  r.get(
    '/api/console/shops/:shop/delivery/schedule',
    {
      schema: {
        tags,
        summary: `${who}: the delivery schedule (the shop's, or an option's or a store's) and its calendar of bookings against capacity`,
        params,
        querystring: scheduleQuery,
        response: okSchema(scheduleView),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await scheduleWithOrders(app.db, staff.shop.id, request.query));
    },
  );

  r.put(
    '/api/console/shops/:shop/delivery/schedule',
    {
      schema: {
        tags,
        summary: `${who}: save the weekly windows and exceptions of the shop, an option or a store, and the days shown; slots follow (audit-logged)`,
        params,
        headers,
        body: scheduleBody,
        response: okSchema(scheduleView),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editSchedule(app.db, actorOf(staff), request.body));
    },
  );
}
