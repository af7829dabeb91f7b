/**
 * Console 'Catálogo' spreadsheets (owner, manager; docs/decisions/0033-catalogue-spreadsheets.md): the sample
 * file, the whole catalogue as CSV, and imports — upload (the file's bytes as the body) for a preview, confirm,
 * follow its progress, download the refused rows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogImport, SHEET_MAX_BYTES } from '@vitrine/contracts/catalog-sheet';
import { shopSlug } from '@vitrine/contracts/console';
import { localDay } from '@vitrine/contracts/shop-time';
import { catalogExportCsv, sampleSheetCsv } from '../../flows/catalog/export.ts';
import {
  cancelCatalogImport,
  latestCatalogImport,
  previewCatalogImport,
  readCatalogImport,
  refusedReportCsv,
  startCatalogImport,
} from '../../flows/catalog/import.ts';
import { startCatalogImportWorker, stopCatalogImportWorker } from '../../flows/catalog/run-import.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor as actorOf,
  consoleTags as tags,
  csrfHeaders as headers,
  csvReply,
  shopParams as params,
} from './kit.ts';

/** Any short text: an unknown id is the shop's 404 (after the caller's role is checked), not a 400. */
const jobParams = z.object({ shop: shopSlug, importId: z.string().min(1).max(80) });
const uploadQuery = z.object({ name: z.string().trim().min(1).max(200).default('planilha.csv') }).strict();
/** Spreadsheet uploads: CSV as browsers label it (Windows says ms-excel), or unlabelled bytes. */
const SHEET_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];
const XLSX_MAGIC = Buffer.from('PK\u0003\u0004', 'latin1');
const BASE = '/api/console/shops/:shop/catalog';

/** Refuses a declared size over the limit before a byte of the body is read. */
async function refuseOversized(request: FastifyRequest) {
  if (Number(request.headers['content-length'] ?? 0) > SHEET_MAX_BYTES)
    throw new AppError('tooLarge', 'catalogSheetTooLarge');
}

export async function consoleCatalogSheetRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manager = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request, 'manager');
  const day = (shop: { timeZone: string }) => localDay(new Date(), shop.timeZone);
  app.addContentTypeParser(SHEET_TYPES, { parseAs: 'buffer', bodyLimit: SHEET_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );
  app.addHook('onClose', async () => stopCatalogImportWorker(app.db));

  r.get(
    `${BASE}/sheet/sample.csv`,
    {
      schema: {
        tags,
        summary: 'Console: a sample catalogue spreadsheet (CSV, ; separated, UTF-8 with BOM)',
        params,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await manager(request);
      return csvReply(reply, 'modelo-catalogo.csv').send(sampleSheetCsv());
    },
  );

  r.get(
    `${BASE}/sheet/export.csv`,
    {
      schema: {
        tags,
        summary: 'Console: the whole catalogue as a spreadsheet in the import format (streamed)',
        params,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      const csv = await catalogExportCsv(app.db, staff.shop.id);
      return csvReply(reply, `catalogo-${staff.shop.slug}-${day(staff.shop)}.csv`).send(csv);
    },
  );

  r.post(
    `${BASE}/imports`,
    {
      onRequest: refuseOversized,
      bodyLimit: SHEET_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Console: upload a spreadsheet (the CSV file itself as the body, ≤ 20 MB) — answers a preview; nothing is written until confirmed',
        params,
        headers,
        querystring: uploadQuery,
        response: { 201: okSchema(catalogImport)[200] },
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.subarray(0, 4).equals(XLSX_MAGIC)) throw new AppError('unprocessable', 'catalogSheetType');
      const preview = await previewCatalogImport(app.db, actorOf(staff), request.query.name, body);
      reply.status(201);
      return ok(preview);
    },
  );

  r.get(
    `${BASE}/imports/latest`,
    {
      schema: {
        tags,
        summary: "Console: the shop's latest confirmed import and its progress (null: none)",
        params,
        response: okSchema(catalogImport.nullable()),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await latestCatalogImport(app.db, staff.shop.id));
    },
  );

  r.get(
    `${BASE}/imports/:importId`,
    {
      schema: {
        tags,
        summary: 'Console: an import — its preview, then its progress',
        params: jobParams,
        response: okSchema(catalogImport),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await readCatalogImport(app.db, staff.shop.id, request.params.importId));
    },
  );

  r.post(
    `${BASE}/imports/:importId/start`,
    {
      schema: {
        tags,
        summary: 'Console: confirm a previewed import; a background job writes it (audit-logged)',
        params: jobParams,
        headers,
        response: okSchema(catalogImport),
      },
    },
    async (request) => {
      const staff = await manager(request);
      const job = await startCatalogImport(app.db, actorOf(staff), request.params.importId);
      return ok(job);
    },
  );

  r.post(
    `${BASE}/imports/:importId/cancel`,
    {
      schema: {
        tags,
        summary: 'Console: drop a preview that will not be imported',
        params: jobParams,
        headers,
        response: okSchema(catalogImport),
      },
    },
    async (request) => {
      const staff = await manager(request);
      return ok(await cancelCatalogImport(app.db, staff.shop.id, request.params.importId));
    },
  );

  r.get(
    `${BASE}/imports/:importId/refused.csv`,
    {
      schema: {
        tags,
        summary: "Console: an import's refused rows with the reason (CSV: Linha; Coluna; Motivo)",
        params: jobParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const staff = await manager(request);
      const csv = await refusedReportCsv(app.db, staff.shop.id, request.params.importId);
      return csvReply(reply, `recusadas-${request.params.importId}.csv`).send(csv);
    },
  );
}

/** Starts this instance's import worker (server.ts, after listen). */
export function startCatalogImports(app: FastifyInstance) {
  return startCatalogImportWorker({
    db: app.db,
    forgetShop: (shopId) => app.forgetShop(shopId),
    log: app.log,
  });
}
