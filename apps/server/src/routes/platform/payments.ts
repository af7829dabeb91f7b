/**
 * Chatbot platform: a shop's payment account (gateway type, keys, installment rules, reCAPTCHA site key), bearer
 * PLATFORM_API_KEY like the messaging configuration. Secrets are sealed with the credential cipher
 * (MESSAGING_CREDENTIALS_KEY) and only ever answered masked.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paymentSettings, paymentSettingsBody } from '@vitrine/contracts/payment-settings';
import { ok, okSchema } from '../../lib/envelope.ts';
import { requirePlatformKey } from '../../modules/session/service.ts';
import { platformShop, platformShopSchema } from '../../modules/shop/service.ts';
import {
  loadPaymentAccount,
  savePaymentSettings,
  mergeSettings,
  settingsView,
} from '../../modules/payment/service.ts';

export async function platformPaymentRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, db } = app;
  const schema = { ...platformShopSchema, response: okSchema(paymentSettings) };

  const context = (slug: string) => platformShop(app, slug);

  r.get(
    '/api/platform/shops/:shop/payments',
    {
      schema: {
        ...schema,
        summary: "Chatbot platform: the shop's payment account and installment rules, secrets masked",
        description:
          "401 wrong key; 404 'Loja não encontrada.'. A shop never configured answers 'vitrine' 1x.",
      },
      preValidation: requirePlatformKey(config),
    },
    async (request) => {
      const { shop, key } = await context(request.params.shop);
      return ok(settingsView(shop.slug, await loadPaymentAccount(db, key, shop.id)));
    },
  );

  r.put(
    '/api/platform/shops/:shop/payments',
    {
      schema: {
        ...schema,
        body: paymentSettingsBody,
        summary: "Chatbot platform: set the shop's payment account and installment rules (secrets encrypted)",
        description:
          'Account type and installment rules are required. Each key given replaces the stored one, `null` ' +
          'removes it, a missing one is kept. pagarme needs publicKey + secretKey, mercadopago publicKey + ' +
          'secretKey (access token) + webhookSecret, link secretKey + webhookSecret. Installments: at most 1–24, ' +
          'interest-free up to N ≤ max, minimum installment in reais, monthly interest 0–10 %. Answers the ' +
          'account, secrets masked. 400 naming the field (pt-BR); 401; 404 unknown shop; 503 without ' +
          'MESSAGING_CREDENTIALS_KEY.',
      },
      preValidation: requirePlatformKey(config),
    },
    async (request) => {
      const { shop, key } = await context(request.params.shop);
      const stored = await loadPaymentAccount(db, key, shop.id);
      await savePaymentSettings(db, key, shop.id, mergeSettings(request.body, stored));
      return ok(settingsView(shop.slug, await loadPaymentAccount(db, key, shop.id)));
    },
  );
}
