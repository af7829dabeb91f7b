/**
 * Console 'Vendas › Tabelas de preço' (owner, manager; issue 18, decision 0039): the shop's price tables, their
 * prices by product or variant (a page at a time, with search), and one table's prices as CSV out and in.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SHEET_MAX_BYTES } from '@vitrine/contracts/catalog-sheet';
import { shopSlug } from '@vitrine/contracts/console';
import {
  consolePriceTable,
  PRICE_PAGE_SIZE,
  priceImportResult,
  pricePage,
  pricesBody,
  pricesQuery,
  pricesSaved,
  priceTableBody,
  priceTableList,
  priceTableParams,
} from '@vitrine/contracts/console-price-tables';
import {
  addPriceTable,
  changePriceTable,
  deletePriceTable,
  importTablePrices,
  priceTableCsv,
  setTablePrices,
} from '../../flows/sales/price-tables.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { pricePageOf, shopPriceTables } from '../../modules/checkout/service.ts';
import { CSRF_HEADER, requireStaff, type StaffShopAccess } from '../../plugins/staff-auth.ts';

const tags = ['console'];
const params = z.object({ shop: shopSlug });
const tableParams = params.extend(priceTableParams.shape);
const headers = z.object({ [CSRF_HEADER]: z.string().optional() });
const BASE = '/api/console/shops/:shop/price-tables';
/** CSV uploads as browsers label them (Windows says ms-excel), or unlabelled bytes. */
const CSV_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
];
const XLSX_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');
const actorOf = (staff: StaffShopAccess) => ({
  userId: staff.userId,
  label: staff.email,
  shopId: staff.shop.id,
});
/** 'Atacado 2' → 'atacado-2' for the file name. */
const fileSlug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'tabela';

async function refuseOversized(request: FastifyRequest) {
  if (Number(request.headers['content-length'] ?? 0) > SHEET_MAX_BYTES)
    throw new AppError('tooLarge', 'catalogSheetTooLarge');
}

export async function consolePriceTableRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'manager');
  app.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: SHEET_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  r.get(
    BASE,
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): the shop’s price tables, with their price counts and the stores naming them',
        params,
        response: okSchema(priceTableList),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok({ tables: await shopPriceTables(app.db, staff.shop.id) });
    },
  );

  r.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): create a price table (audit-logged); 409 when the name is taken',
        params,
        headers,
        body: priceTableBody,
        response: { 201: okSchema(consolePriceTable)[200] },
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      const table = await addPriceTable(app.db, actorOf(staff), request.body);
      reply.status(201);
      return ok(table);
    },
  );

  r.put(
    `${BASE}/:tableId`,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): rename a price table (audit-logged old → new)',
        params: tableParams,
        headers,
        body: priceTableBody,
        response: okSchema(consolePriceTable),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await changePriceTable(app.db, actorOf(staff), request.params.tableId, request.body));
    },
  );

  r.delete(
    `${BASE}/:tableId`,
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): delete a price table and its prices; 409 while a store allows it or has it as default',
        params: tableParams,
        headers,
        response: okSchema(z.object({ removed: z.boolean() })),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await deletePriceTable(app.db, actorOf(staff), request.params.tableId));
    },
  );

  r.get(
    `${BASE}/:tableId/prices`,
    {
      schema: {
        tags,
        summary: `Console (owner, manager): ${PRICE_PAGE_SIZE} products matching q (name, code, SKU) with their variants and table prices`,
        params: tableParams,
        querystring: pricesQuery,
        response: okSchema(pricePage),
      },
    },
    async (request) => {
      const staff = await manager(request);
      const { q, offset } = request.query;
      return ok(await pricePageOf(app.db, staff.shop.id, request.params.tableId, q, offset, PRICE_PAGE_SIZE));
    },
  );

  r.put(
    `${BASE}/:tableId/prices`,
    {
      schema: {
        tags,
        summary:
          'Console (owner, manager): set table prices by product or variant (null: none, the catalogue’s applies; audit-logged old → new)',
        params: tableParams,
        headers,
        body: pricesBody,
        response: okSchema(pricesSaved),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await setTablePrices(app.db, actorOf(staff), request.params.tableId, request.body.prices));
    },
  );

  r.get(
    `${BASE}/:tableId/prices.csv`,
    {
      schema: {
        tags,
        summary: 'Console (owner, manager): the table’s prices as CSV in the catalogue sheet’s conventions',
        params: tableParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      const { name, csv } = await priceTableCsv(app.db, staff.shop.id, request.params.tableId);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tabela-${fileSlug(name)}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  r.post(
    `${BASE}/:tableId/prices.csv`,
    {
      onRequest: refuseOversized,
      bodyLimit: SHEET_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Console (owner, manager): import the table’s prices from a CSV (the file as the body), all or nothing: any row refused, nothing written',
        params: tableParams,
        headers,
        response: okSchema(priceImportResult),
      },
    },
    async (request) => {
      const staff = await manager(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.subarray(0, 4).equals(XLSX_MAGIC)) throw new AppError('unprocessable', 'catalogSheetType');
      return ok(await importTablePrices(app.db, actorOf(staff), request.params.tableId, body));
    },
  );
}
