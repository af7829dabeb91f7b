/**
 * The console's 'Relatórios › Produtos' (issue 37, docs/decisions/0058-product-reports.md): the report and a CSV
 * per table. Owners and managers only (an atendente's own figures are Vendas').
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRODUCT_TABLE_FILES,
  productsReport as productsReportSchema,
  productsReportQuery,
  productTableQuery,
} from '@vitrine/contracts/console-reports-products';
import { ok, okSchema } from '../../lib/envelope.ts';
import { productTableCsv } from '../../flows/reports/products-csv.ts';
import { productsReport } from '../../flows/reports/products.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { consoleTags as tags, csvReply, shopParams } from './kit.ts';

export async function consoleProductReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/reports/products',
    {
      schema: {
        tags,
        summary: 'Console: best sellers, viewed but rarely bought, sold-out days and searches without result',
        params: shopParams,
        querystring: productsReportQuery,
        response: okSchema(productsReportSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await productsReport(app.readDbFor(request, staff.shop.id), staff, request.query));
    },
  );

  r.get(
    '/api/console/shops/:shop/reports/products.csv',
    {
      schema: {
        tags,
        summary:
          'Console: one table of the products report as CSV (; separated, pt-BR formats, UTF-8 with BOM)',
        params: shopParams,
        querystring: productTableQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      const { table, ...query } = request.query;
      const csv = productTableCsv(
        await productsReport(app.readDbFor(request, staff.shop.id), staff, query),
        table,
      );
      const name = `${PRODUCT_TABLE_FILES[table]}-${staff.shop.slug}-${query.from}-a-${query.to}.csv`;
      return csvReply(reply, name).send(csv);
    },
  );
}
