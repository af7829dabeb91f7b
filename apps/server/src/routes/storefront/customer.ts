import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { address } from '@vitrine/contracts/contact';
import { cepResult, customer, customerBody, newAddressBody } from '@vitrine/contracts/checkout';
import { cepProviderFor, lookupCep } from '../../adapters/cep/index.ts';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requireSession } from '../../plugins/auth.ts';
import { addAddress, updateCustomer } from '../../modules/customer/service.ts';

/** Customer data, addresses and CEP lookup (spec §7). */
export async function customerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cep = cepProviderFor(app.config.cep);

  r.post(
    '/api/customer/update',
    {
      schema: {
        tags: ['checkout'],
        summary: "Saves the session contact's data",
        body: customerBody,
        response: okSchema(customer),
      },
    },
    async (request) => ok(await updateCustomer(app.db, requireSession(request), request.body)),
  );

  r.post(
    '/api/order/address/',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Adds an address; returns the address list',
        body: newAddressBody,
        response: okSchema(z.array(address)),
      },
    },
    async (request) => ok(await addAddress(app.db, requireSession(request), request.body)),
  );

  r.get(
    '/api/order/address/cep/:postalCode',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Looks a CEP up',
        params: z.object({ postalCode: z.string().max(20) }),
        response: okSchema(cepResult),
      },
    },
    async (request) => {
      requireSession(request);
      return ok(await lookupCep(cep, request.params.postalCode));
    },
  );
}
