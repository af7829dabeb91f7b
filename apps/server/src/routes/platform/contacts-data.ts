/** Chatbot platform: a contact's data rights (LGPD art. 18) — what the shop holds, and its erasure. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  contactData,
  contactDataQuery,
  contactErased,
  contactEraseBody,
  contactOptOut,
  contactOptOutBody,
} from '@vitrine/contracts/contact-data';
import { contactDataCsv, eraseContactData, exportContactData } from '../../flows/contacts/data-rights.ts';
import { setContactOptOut } from '../../flows/recovery/opt-out.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { PLATFORM_ACTOR } from '../../modules/audit/service.ts';
import { requirePlatformKey } from '../../modules/session/service.ts';
import { findShopBySlug, platformShopSchema } from '../../modules/shop/service.ts';

export async function platformContactDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = requirePlatformKey(app.config);
  const shopIdOf = async (slug: string) => {
    const shop = await findShopBySlug(app.db, slug);
    if (!shop) throw new AppError('notFound', 'shopNotFound');
    return shop.id;
  };

  r.get(
    '/api/platform/shops/:shop/contacts/data',
    {
      schema: {
        ...platformShopSchema,
        summary: 'Chatbot platform: everything the shop holds about a contact (LGPD art. 18), JSON or CSV',
        description:
          'The contact by phone or channel user id: its record, saved addresses, channel identities, orders ' +
          '(lines, totals, address) and how many messages were sent to it. `format=csv`: one row per item. ' +
          "404 'Contato não encontrado nesta loja.'",
        querystring: contactDataQuery,
      },
      preValidation,
    },
    async (request, reply) => {
      const { format, ...named } = request.query;
      const data = await exportContactData(app.db, await shopIdOf(request.params.shop), named);
      if (format === 'csv')
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="dados-do-contato.csv"')
          .header('cache-control', 'no-store')
          .send(contactDataCsv(data));
      reply.header('cache-control', 'no-store');
      return ok(contactData.parse(data)); // no response schema: the same route answers CSV
    },
  );

  r.post(
    '/api/platform/shops/:shop/contacts/erase',
    {
      schema: {
        ...platformShopSchema,
        summary: "Chatbot platform: erase a contact's personal data (LGPD art. 18), audited",
        description:
          'Empties the contact record, deletes its addresses and identities, ends its sessions, forgets its ' +
          'channel ids on orders and payments and redacts its messages; orders keep totals, items and dates. ' +
          '`keepInvoiceData`: the name, CPF/CNPJ and the orders’ addresses stay, as an invoice needs them.',
        body: contactEraseBody,
        response: okSchema(contactErased),
      },
      preValidation,
    },
    async (request) =>
      ok(await eraseContactData(app.db, await shopIdOf(request.params.shop), request.body, PLATFORM_ACTOR)),
  );

  r.put(
    '/api/platform/shops/:shop/contacts/opt-out',
    {
      schema: {
        ...platformShopSchema,
        summary: 'Chatbot platform: the contact asked to stop (or withdrew it): no recovery reminders',
        description:
          'The contact by phone or channel user id; `optedOut: true` and Vitrine sends it no cart reminder (the same as ' +
          "the contact writing 'PARAR' on WhatsApp). 404 'Contato não encontrado nesta loja.'",
        body: contactOptOutBody,
        response: okSchema(contactOptOut),
      },
      preValidation,
    },
    async (request) => ok(await setContactOptOut(app.db, await shopIdOf(request.params.shop), request.body)),
  );
}
