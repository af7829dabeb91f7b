/**
 * Console (owner): a contact's data rights (LGPD art. 18; issue 39, item 12) — 'Baixar dados' (JSON or CSV) and
 * 'Apagar dados' (typed confirmation), the same flow the chatbot platform calls, each audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  consoleContactDataQuery,
  consoleContactEraseBody,
  consoleContactId,
  contactData,
  contactErased,
} from '@vitrine/contracts/contact-data';
import { contactDataCsv, eraseContactData, exportContactData } from '../../flows/contacts/data-rights.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import { consoleActor, consoleTags as tags, csrfHeaders as headers, shopParams } from './kit.ts';

const params = shopParams.extend({ contactId: consoleContactId });

export async function consoleContactDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/console/shops/:shop/contacts/:contactId/data',
    {
      schema: {
        tags,
        summary: 'Console (owner): everything the shop holds about a contact, JSON or CSV (audited)',
        params,
        querystring: consoleContactDataQuery,
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, 'owner');
      const { format } = request.query;
      const data = await exportContactData(
        app.db,
        staff.shop.id,
        { contactId: request.params.contactId },
        { actor: consoleActor(staff), format },
      );
      reply.header('cache-control', 'no-store');
      if (format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="dados-do-contato.csv"')
          .send(contactDataCsv(data));
      return ok(contactData.parse(data)); // no response schema: the same route answers CSV
    },
  );

  r.post(
    '/api/console/shops/:shop/contacts/:contactId/erase',
    {
      schema: {
        tags,
        summary: "Console (owner): erase a contact's personal data after typing APAGAR (audited)",
        params,
        headers,
        body: consoleContactEraseBody,
        response: okSchema(contactErased),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      const erased = await eraseContactData(
        app.db,
        staff.shop.id,
        { contactId: request.params.contactId, keepInvoiceData: request.body.keepInvoiceData },
        consoleActor(staff),
      );
      return ok(erased);
    },
  );
}
