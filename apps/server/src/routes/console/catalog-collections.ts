/** Console 'Catálogo › Coleções' (owner, manager): collections and their hand-picked products (decision 0031). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopSlug } from '@vitrine/contracts/console';
import {
  collectionCodeParam,
  collectionNameBody,
  collectionPlaceBody,
  collectionProductsBody,
  consoleCollectionDetail,
  consoleCollections,
} from '@vitrine/contracts/console-collections';
import {
  createConsoleCollection,
  deleteConsoleCollection,
  placeConsoleCollection,
  renameConsoleCollection,
  setConsoleCollectionProducts,
} from '../../flows/catalog/edit-collections.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { listConsoleCollections, readConsoleCollection } from '../../modules/catalog/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const codeParams = z.object({ shop: shopSlug, code: collectionCodeParam });
const codeOnly = z.object({ code: z.string() });
const BASE = '/api/console/shops/:shop/catalog/collections';

export async function consoleCollectionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };
  const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'manager');

  r.get(
    BASE,
    {
      schema: {
        tags,
        summary: "Console: the shop's collections in order",
        params,
        response: okSchema(consoleCollections),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok({ collections: await listConsoleCollections(app.db, staff.shop.id) });
    },
  );

  r.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Console: create a collection (last of the shop’s; audit-logged)',
        params,
        headers,
        body: collectionNameBody,
        response: { 201: okSchema(codeOnly)[200] },
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      reply.status(201);
      return ok(await createConsoleCollection(deps, actorOf(staff), request.body.name));
    },
  );

  r.get(
    `${BASE}/:code`,
    {
      schema: {
        tags,
        summary: 'Console: a collection with its products in order',
        params: codeParams,
        response: okSchema(consoleCollectionDetail),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await readConsoleCollection(app.db, staff.shop.id, request.params.code));
    },
  );

  r.put(
    `${BASE}/:code`,
    {
      schema: {
        tags,
        summary: 'Console: rename a collection (its code stays; audit-logged)',
        params: codeParams,
        headers,
        body: collectionNameBody,
        response: okSchema(codeOnly),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await renameConsoleCollection(deps, actorOf(staff), request.params.code, request.body.name));
    },
  );

  r.put(
    `${BASE}/:code/place`,
    {
      schema: {
        tags,
        summary: 'Console: move a collection to a position among the shop’s (audit-logged)',
        params: codeParams,
        headers,
        body: collectionPlaceBody,
        response: okSchema(codeOnly),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(
        await placeConsoleCollection(deps, actorOf(staff), request.params.code, request.body.position),
      );
    },
  );

  r.put(
    `${BASE}/:code/products`,
    {
      schema: {
        tags,
        summary: 'Console: set the collection’s hand-picked products in order (audit-logged)',
        params: codeParams,
        headers,
        body: collectionProductsBody,
        response: okSchema(codeOnly),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await setConsoleCollectionProducts(deps, actorOf(staff), request.params.code, request.body));
    },
  );

  r.delete(
    `${BASE}/:code`,
    {
      schema: {
        tags,
        summary: 'Console: delete a collection (its products stay; audit-logged)',
        params: codeParams,
        headers,
        response: okSchema(codeOnly),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await deleteConsoleCollection(deps, actorOf(staff), request.params.code));
    },
  );
}
