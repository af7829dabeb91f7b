/**
 * The console's 'Relatórios' (issue 37, docs/decisions/0056-sales-reports.md): 'Vendas' as figures, as a CSV per
 * chart, and the home's today. Every role: an atendente sees only their own figures.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REPORT_CHART_FILES,
  salesChartQuery,
  salesReport as salesReportSchema,
  salesReportQuery,
  todaySales as todaySalesSchema,
} from '@vitrine/contracts/console-reports';
import { ok, okSchema } from '../../lib/envelope.ts';
import { chartCsv } from '../../flows/reports/sales-csv.ts';
import { salesReport, todaySales } from '../../flows/reports/sales.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { consoleTags as tags, csvReply, shopParams } from './kit.ts';

export async function consoleReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/reports/sales',
    {
      schema: {
        tags,
        summary: 'Console: sales of a range by day, week or month, against the previous period, with splits',
        params: shopParams,
        querystring: salesReportQuery,
        response: okSchema(salesReportSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await salesReport(app.readDbFor(request, staff.shop.id), staff, request.query));
    },
  );

  r.get(
    '/api/console/shops/:shop/reports/sales.csv',
    {
      schema: {
        tags,
        summary: 'Console: one chart of the sales report as CSV (; separated, pt-BR formats, UTF-8 with BOM)',
        params: shopParams,
        querystring: salesChartQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'agent');
      const { chart, ...query } = request.query;
      const csv = chartCsv(await salesReport(app.readDbFor(request, staff.shop.id), staff, query), chart);
      const name = `${REPORT_CHART_FILES[chart]}-${staff.shop.slug}-${query.from}-a-${query.to}.csv`;
      return csvReply(reply, name).send(csv);
    },
  );

  r.get(
    '/api/console/shops/:shop/reports/today',
    {
      schema: {
        tags,
        summary: "Console: today's orders, sales and average ticket in the shop's day",
        params: shopParams,
        response: okSchema(todaySalesSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'agent');
      return ok(await todaySales(app.readDbFor(request, staff.shop.id), staff));
    },
  );
}
