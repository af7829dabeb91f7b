/**
 * Console 'Pagamentos › Conta de pagamento' (owner only, as 'Integrações'; decision 0040): the shop's payment account
 * over what the platform API stores (routes/platform/payments.ts: same module, same contracts), secrets write-only
 * and read back masked, every change audited; "Testar conexão" asks the provider through the gateway adapter.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { connectionTestResult } from '@vitrine/contracts/console-integrations';
import { paymentAccountTestBody } from '@vitrine/contracts/console-payment-account';
import { paymentSettings, paymentSettingsBody } from '@vitrine/contracts/payment-settings';
import { ok, okSchema } from '../../lib/envelope.ts';
import { editPaymentAccount } from '../../flows/payments/edit-account.ts';
import { loadPaymentAccount, testPaymentConnection, settingsView } from '../../modules/payment/service.ts';
import { requireStaff } from '../../plugins/staff-auth.ts';
import {
  consoleTags as tags,
  credentialsKeyOf,
  csrfHeaders as headers,
  shopParams as params,
} from './kit.ts';

const url = '/api/console/shops/:shop/payment-account';

export async function consolePaymentAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { payments } = app.config;
  const credentialsKey = () => credentialsKeyOf(app.config);

  r.get(
    url,
    {
      schema: {
        tags,
        summary: "Console (owner): the shop's payment account and installment rules, secrets masked",
        params,
        response: okSchema(paymentSettings),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      const account = await loadPaymentAccount(app.db, credentialsKey(), staff.shop.id);
      return ok(settingsView(staff.shop.slug, account));
    },
  );

  r.put(
    url,
    {
      schema: {
        tags,
        summary: "Console (owner): set the payment account (as the platform's PUT …/payments; audit-logged)",
        description:
          'A key left out keeps the stored one, null removes it. 400 with the field in pt-BR; the audit entry ' +
          "names a changed secret only as 'alterada'.",
        params,
        headers,
        body: paymentSettingsBody,
        response: okSchema(paymentSettings),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      const actor = { userId: staff.userId, label: staff.email };
      const deps = { db: app.db, key: credentialsKey() };
      return ok(await editPaymentAccount(deps, actor, staff.shop, request.body));
    },
  );

  r.post(
    `${url}/test`,
    {
      schema: {
        tags,
        summary: "Console (owner): test the payment account's key (typed, else stored) against the provider",
        description:
          "200 with ok false and the answer in pt-BR when the test fails ('Credenciais recusadas pelo " +
          "Mercado Pago (401)', 'Pagar.me indisponível: sem resposta em 10 s'); never echoes the key.",
        params,
        headers,
        body: paymentAccountTestBody,
        response: okSchema(connectionTestResult),
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'owner');
      const key = credentialsKey();
      return ok(await testPaymentConnection(app.db, key, payments, staff.shop.id, request.body));
    },
  );
}
