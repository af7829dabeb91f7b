/**
 * Console 'Pagamentos › Pix no banco (API Pix)' (owner, as the payment account; decision 0046): the shop's
 * bank for dynamic Pix charges, 'Testar conexão' and 'Conciliar agora'; and an order's 'Devolver' of a flagged
 * bank receipt (owner and manager).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { connectionTestResult } from '@vitrine/contracts/console-integrations';
import { orderIdParam } from '@vitrine/contracts/console-orders';
import { pixBankBody, pixBankSaved, pixBankView } from '@vitrine/contracts/console-pix-bank';
import { ledgerEntryIdParam } from '@vitrine/contracts/order-payments';
import { ok, okSchema } from '../../lib/envelope.ts';
import {
  readPixBank,
  reconcileNow,
  refundReceipt,
  savePixBankAccount,
  testPixBank,
} from '../../flows/payments/edit-pix-bank.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleActor,
  consoleTags as tags,
  credentialsKeyOf,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const url = '/api/console/shops/:shop/pix-bank';

export async function consolePixBankRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const key = () => credentialsKeyOf(app.config);

  r.get(
    url,
    {
      schema: {
        tags,
        summary: "Console (owner): the shop's bank for Pix (API Pix), secrets masked",
        params,
        response: okSchema(pixBankView),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await readPixBank(app.db, key(), staff.shop.id));
    },
  );

  r.put(
    url,
    {
      schema: {
        tags,
        summary:
          "Console (owner): set the bank's API Pix and register our webhook there (audited, no secret)",
        params,
        headers,
        body: pixBankBody,
        response: okSchema(pixBankSaved),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(
        await savePixBankAccount(app.db, key(), app.config.publicUrl, consoleActor(staff), request.body),
      );
    },
  );

  r.post(
    `${url}/test`,
    {
      schema: {
        tags,
        summary:
          "Console (owner): 'Testar conexão' — a token from the bank with the typed or stored credentials",
        params,
        headers,
        body: pixBankBody.nullable().optional(),
        response: okSchema(connectionTestResult),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await testPixBank(app.db, key(), staff.shop.id, request.body ?? null));
    },
  );

  r.post(
    `${url}/reconcile`,
    {
      schema: {
        tags,
        summary: "Console (owner): 'Conciliar agora' — the bank's received Pix (GET /pix) settled at once",
        params,
        headers,
        response: okSchema(z.object({ running: z.boolean(), counted: z.number(), repeated: z.number() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      return ok(await reconcileNow(app.db, key(), staff.shop.id));
    },
  );

  r.post(
    '/api/console/shops/:shop/orders/:orderId/payments/:entryId/refund',
    {
      schema: {
        tags,
        summary:
          "Console (owner, manager): 'Devolver' a flagged Pix received at the bank (API Pix devolucao)",
        params: params.extend({ orderId: orderIdParam, entryId: ledgerEntryIdParam }),
        headers,
        response: okSchema(z.object({ status: z.string(), reason: z.string().nullable() })),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'manager');
      const actor = { ...consoleActor(staff), name: staff.name || staff.email };
      return ok(await refundReceipt(app.db, key(), actor, request.params.orderId, request.params.entryId));
    },
  );
}
