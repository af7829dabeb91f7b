/** Console 'Catálogo' (owner, manager): the category tree, the product list and editor, bulk edits (decision 0031). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { shopSlug } from '@vitrine/contracts/console';
import { catalogCode, productInput } from '@vitrine/contracts/console-catalog';
import {
  bulkEditBody,
  bulkEditResult,
  categoryCreateBody,
  categoryPlaceBody,
  categoryUpdateBody,
  consoleCategories,
  consoleProductPage,
  productListQuery,
} from '@vitrine/contracts/console-catalog-api';
import {
  bulkEditConsoleProducts,
  createConsoleCategory,
  placeConsoleCategory,
  saveConsoleProduct,
  updateConsoleCategory,
} from '../../flows/catalog/edit.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import {
  listConsoleCategories,
  listConsoleProducts,
  readProductInputs,
} from '../../modules/catalog/service.ts';
import { consoleCollectionRoutes } from './catalog-collections.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const codeParams = z.object({ shop: shopSlug, code: catalogCode });
const saved = z.object({
  productId: z.string(),
  code: z.string(),
  changes: z.array(z.string()),
});
const codeOnly = z.object({ code: z.string() });
const BASE = '/api/console/shops/:shop/catalog';

export async function consoleCatalogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, forgetShop: (shopId: string) => app.forgetShop(shopId) };
  const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'manager');
  await app.register(consoleCollectionRoutes);

  r.get(
    `${BASE}/categories`,
    {
      schema: {
        tags,
        summary: "Console: the shop's category tree",
        params,
        response: okSchema(consoleCategories),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok({ categories: await listConsoleCategories(app.db, staff.shop.id) });
    },
  );

  r.post(
    `${BASE}/categories`,
    {
      schema: {
        tags,
        summary: 'Console: create a category (last of its parent)',
        params,
        headers,
        body: categoryCreateBody,
        response: { 201: okSchema(codeOnly)[200] },
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      const { name, parentCode } = request.body;
      reply.status(201);
      return ok(await createConsoleCategory(deps, actorOf(staff), name, parentCode));
    },
  );

  r.put(
    `${BASE}/categories/:code`,
    {
      schema: {
        tags,
        summary: 'Console: rename or hide a category',
        params: codeParams,
        headers,
        body: categoryUpdateBody,
        response: okSchema(codeOnly),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await updateConsoleCategory(deps, actorOf(staff), request.params.code, request.body));
    },
  );

  r.put(
    `${BASE}/categories/:code/place`,
    {
      schema: {
        tags,
        summary: 'Console: move a category under another (or to the top) at a position',
        params: codeParams,
        headers,
        body: categoryPlaceBody,
        response: okSchema(codeOnly),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await placeConsoleCategory(deps, actorOf(staff), request.params.code, request.body));
    },
  );

  r.get(
    `${BASE}/products`,
    {
      schema: {
        tags,
        summary: 'Console: a page of the product list (text, category, brand, active filters)',
        params,
        querystring: productListQuery,
        response: okSchema(consoleProductPage),
      },
    },
    async (request) => {
      const staff = await manager(request);
      // A replica that has the owner's own saves, else the primary (decision 0060).
      return ok(
        await listConsoleProducts(app.readDbFor(request, staff.shop.id), staff.shop.id, request.query),
      );
    },
  );

  r.get(
    `${BASE}/products/:code`,
    {
      schema: {
        tags,
        summary: 'Console: a product as the editor edits it',
        params: codeParams,
        response: okSchema(productInput),
      },
    },
    async (request) => {
      const staff = await manager(request);
      const found = (
        await readProductInputs(app.readDbFor(request, staff.shop.id), staff.shop.id, [request.params.code])
      ).get(request.params.code);
      if (!found) throw new AppError('notFound', 'catalogProductNotFound');
      return ok(found.input);
    },
  );

  r.post(
    `${BASE}/products`,
    {
      schema: {
        tags,
        summary: 'Console: create a product (audit-logged)',
        params,
        headers,
        body: productInput,
        response: { 201: okSchema(saved)[200] },
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      reply.status(201);
      return ok(await saveConsoleProduct(deps, actorOf(staff), request.body, 'create'));
    },
  );

  r.put(
    `${BASE}/products/:code`,
    {
      schema: {
        tags,
        summary: 'Console: save a product; answers the parts changed (audit-logged)',
        params: codeParams,
        headers,
        body: productInput,
        response: okSchema(saved),
      },
    },
    async (request) => {
      const staff = await manager(request);
      if (request.body.code !== request.params.code)
        throw new AppError('unprocessable', 'catalogCodeMismatch');
      return ok(await saveConsoleProduct(deps, actorOf(staff), request.body, 'update'));
    },
  );

  r.post(
    `${BASE}/products/bulk`,
    {
      schema: {
        tags,
        summary:
          'Console: change price (% or value), activate, deactivate or move many products (audit-logged)',
        params,
        headers,
        body: bulkEditBody,
        response: okSchema(bulkEditResult),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await bulkEditConsoleProducts(deps, actorOf(staff), request.body));
    },
  );
}
