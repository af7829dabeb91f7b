/**
 * The console's 'Relatórios › Funil' (issue 37, docs/decisions/0058-product-reports.md): the report and a CSV per
 * table. Owners and managers only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FUNNEL_TABLE_FILES,
  funnelReport as funnelReportSchema,
  funnelReportQuery,
  funnelTableQuery,
} from '@vitrine/contracts/console-reports-funnel';
import { ok, okSchema } from '../../lib/envelope.ts';
import { funnelTableCsv } from '../../flows/reports/funnel-csv.ts';
import { funnelReport } from '../../flows/reports/funnel.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { consoleTags as tags, csvReply, shopParams } from './kit.ts';

export async function consoleFunnelReportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/reports/funnel',
    {
      schema: {
        tags,
        summary: 'Console: links minted, opened, carts, confirmed, paid and delivered by period and channel',
        params: shopParams,
        querystring: funnelReportQuery,
        response: okSchema(funnelReportSchema),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      return ok(await funnelReport(app.readDbFor(request, staff.shop.id), staff, request.query));
    },
  );

  r.get(
    '/api/console/shops/:shop/reports/funnel.csv',
    {
      schema: {
        tags,
        summary: 'Console: one table of the funnel report as CSV (; separated, UTF-8 with BOM)',
        params: shopParams,
        querystring: funnelTableQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'manager');
      const { table, ...query } = request.query;
      const csv = funnelTableCsv(
        await funnelReport(app.readDbFor(request, staff.shop.id), staff, query),
        table,
      );
      return csvReply(
        reply,
        `${FUNNEL_TABLE_FILES[table]}-${staff.shop.slug}-${query.from}-a-${query.to}.csv`,
      ).send(csv);
    },
  );
}
