/**
 * Console stock (issue 31, decision 0044): a product's units, settings and movement history; counts and
 * adjustments with a reason (one product or a filtered list at once); the shop's low-stock list. Everyone on the
 * team reads it; owners and managers change it.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogCode } from '@vitrine/contracts/console-catalog';
import {
  lowStockList,
  productStock,
  stockAdjustBody,
  stockMovementsPage,
  stockMovementsQuery,
  stockSettingsBody,
  stockSummaries,
  stockSummaryQuery,
} from '@vitrine/contracts/console-stock';
import {
  adjustStock,
  editStockSettings,
  lowStockOf,
  productMovementsOf,
  productStockOf,
  stockSummariesOf,
} from '../../flows/catalog/stock.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { consoleActor, consoleTags as tags, csrfHeaders as headers, shopParams } from './kit.ts';

const BASE = '/api/console/shops/:shop/stock';
/** A product by its code, as Catálogo names it. */
const productParams = shopParams.extend({ code: catalogCode });

export async function consoleStockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${BASE}/products`,
    {
      schema: {
        tags,
        summary:
          "Console: the stock of a list's products (?codes=A,B, at most 100) — settings, sums and units",
        description: 'Codes not of the shop are left out of the answer.',
        params: shopParams,
        querystring: stockSummaryQuery,
        response: okSchema(stockSummaries),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await stockSummariesOf(app.db, staff.shop.id, request.query.codes));
    },
  );

  r.get(
    `${BASE}/products/:code`,
    {
      schema: {
        tags,
        summary:
          "Console: a product's stock — units (on hand, held, available), settings, newest 50 movements",
        description:
          '`more` is true when older movements remain: read them with …/movements?before=<the last id>.',
        params: productParams,
        response: okSchema(productStock),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await productStockOf(app.db, staff.shop.id, request.params.code));
    },
  );

  r.get(
    `${BASE}/products/:code/movements`,
    {
      schema: {
        tags,
        summary: "Console: a product's 50 movements older than ?before=<id> ('Carregar mais'), newest first",
        params: productParams,
        querystring: stockMovementsQuery,
        response: okSchema(stockMovementsPage),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await productMovementsOf(app.db, staff.shop.id, request.params.code, request.query.before));
    },
  );

  r.put(
    `${BASE}/products/:code/settings`,
    {
      schema: {
        tags,
        summary: "Console: a product's stock settings (track, backorder, low threshold); audited",
        description:
          "Switching backorder off while orders hold more than is on hand is 409 'stockBelowHeld' (pt-BR).",
        params: productParams,
        headers,
        body: stockSettingsBody,
        response: okSchema(productStock),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await editStockSettings(app.db, consoleActor(staff), request.params.code, request.body));
    },
  );

  r.post(
    `${BASE}/adjustments`,
    {
      schema: {
        tags,
        summary: 'Console: adjust (delta) or count (onHand) units with a reason, all or none; audited',
        description:
          "404 when a unit is not the shop's; 409 'stockBelowHeld' when on hand would fall below what confirmed " +
          'orders hold (without backorder). Kilo products count grams.',
        params: shopParams,
        headers,
        body: stockAdjustBody,
        response: okSchema(z.object({ moved: z.number().int() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await adjustStock(app.db, consoleActor(staff), request.body));
    },
  );

  r.get(
    `${BASE}/low`,
    {
      schema: {
        tags,
        summary: "Console: the shop's tracked units at or below their low threshold ('Baixo estoque')",
        params: shopParams,
        response: okSchema(lowStockList),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await lowStockOf(app.db, staff.shop.id));
    },
  );
}
