import { expect, it } from 'vitest';
import { describeEachDb, TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { shopId } from '../../modules/order/order-test-kit.ts';
import { loadPaymentAccount } from '../../modules/payment/account.ts';
import { awaitingOrder, seedPaymentSuite } from '../../modules/payment/payment-test-kit.ts';

const PATH = '/api/platform/shops/moda/payments';
const ACCESS_TOKEN = 'APP_USR-1234567890-access-token-wxyz';
const WEBHOOK_SECRET = 'whsec-mercadopago-0001';
const RULES = {
  maxInstallments: 10,
  minInstallmentValue: 5,
  interestFreeInstallments: 3,
  monthlyInterestRate: 1.99,
};
const MERCADO_PAGO = {
  accountType: 'mercadopago',
  publicKey: 'APP_USR-public-key-1',
  secretKey: ACCESS_TOKEN,
  webhookSecret: WEBHOOK_SECRET,
  installments: RULES,
  recaptchaSiteKey: '6LcSiteKey',
  recaptchaSecretKey: '6LcSecretKey-0002',
};

describeEachDb(
  'platform payment settings',
  (ctx) => {
    const call = (method: 'GET' | 'PUT', payload?: object, key = TEST_PLATFORM_KEY, url = PATH) =>
      ctx().app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });

    it('refuses a wrong key (401), an unknown shop (404) and invalid input naming the field (400, pt-BR)', async () => {
      expect((await call('GET', undefined, 'chave-errada')).statusCode).toBe(401);
      expect((await ctx().app.inject({ method: 'PUT', url: PATH, payload: MERCADO_PAGO })).statusCode).toBe(
        401,
      );
      const unknown = await call(
        'GET',
        undefined,
        TEST_PLATFORM_KEY,
        '/api/platform/shops/nao-existe/payments',
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().errors[0].message).toBe('Loja não encontrada.');

      const rules = (over: object) => ({ ...MERCADO_PAGO, installments: { ...RULES, ...over } });
      const bad: [object, string][] = [
        [
          { ...MERCADO_PAGO, accountType: 'stripe' },
          'accountType: O tipo de conta deve ser vitrine, pagarme',
        ],
        [
          rules({ maxInstallments: 25 }),
          'installments.maxInstallments: O número máximo de parcelas deve ser um inteiro de 1 a 24.',
        ],
        [rules({ maxInstallments: 2.5 }), 'O número máximo de parcelas deve ser um inteiro de 1 a 24.'],
        [
          rules({ interestFreeInstallments: 11 }),
          'installments.interestFreeInstallments: O número de parcelas sem juros deve ser um inteiro de 1 até o máximo de parcelas.',
        ],
        [
          rules({ monthlyInterestRate: 10.5 }),
          'installments.monthlyInterestRate: A taxa de juros mensal deve ser de 0% a 10%',
        ],
        [
          rules({ monthlyInterestRate: 1.999 }),
          'A taxa de juros mensal deve ser de 0% a 10%, com até 2 casas decimais.',
        ],
        [
          rules({ minInstallmentValue: -1 }),
          'installments.minInstallmentValue: O valor mínimo da parcela deve ser',
        ],
        [
          { ...MERCADO_PAGO, secretKey: 'token com espaço' },
          'secretKey: A chave secreta / token de acesso deve ter de 8 a 500',
        ],
        [
          { ...MERCADO_PAGO, webhookSecret: undefined },
          'webhookSecret: obrigatório para contas mercadopago.',
        ],
        [{ ...MERCADO_PAGO, installments: undefined }, 'installments'],
      ];
      for (const [payload, message] of bad) {
        const res = await call('PUT', payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().errors[0].message).toContain(message);
      }
      expect((await call('GET')).json().data.accountType).toBe('vitrine');
    });

    it('stores secrets encrypted, answers them masked, keeps absent ones and removes null ones', async () => {
      const { db, config } = ctx();
      const saved = await call('PUT', MERCADO_PAGO);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toEqual({
        shop: 'moda',
        accountType: 'mercadopago',
        publicKey: 'APP_USR-public-key-1',
        secretKey: '****wxyz',
        webhookSecret: '****0001',
        installments: RULES,
        recaptchaSiteKey: '6LcSiteKey',
        recaptchaSecretKey: '****0002',
      });
      expect((await call('GET')).json().data).toEqual(saved.json().data);
      const [row] = await db.query<{ row: string }>(
        `select row_to_json(s)::text as row from shop_payment_settings s join shops on shops.id = s.shop_id
          where shops.slug = 'moda'`,
      );
      for (const secret of [ACCESS_TOKEN, WEBHOOK_SECRET, '6LcSecretKey-0002'])
        expect(row!.row).not.toContain(secret);
      const moda = await shopId(db, 'moda');
      const account = await loadPaymentAccount(db, config.messaging.credentialsKey, moda);
      expect(account).toMatchObject({
        type: 'mercadopago',
        secretKey: ACCESS_TOKEN,
        webhookSecret: WEBHOOK_SECRET,
        rules: { maxInstallments: 10, minInstallmentCents: 500, interestFree: 3, monthlyInterestBp: 199 },
      });

      const rulesOnly = await call('PUT', {
        accountType: 'mercadopago',
        installments: { ...RULES, maxInstallments: 12 },
      });
      expect(rulesOnly.json().data).toMatchObject({ secretKey: '****wxyz', webhookSecret: '****0001' });
      const vitrine = await call('PUT', {
        accountType: 'vitrine',
        publicKey: null,
        secretKey: null,
        webhookSecret: null,
        installments: RULES,
      });
      expect(vitrine.json().data).toMatchObject({
        accountType: 'vitrine',
        publicKey: null,
        secretKey: null,
        webhookSecret: null,
      });
    });

    it('the card page offers the plans of the rules set through the API', async () => {
      const res = await call('PUT', {
        accountType: 'vitrine',
        installments: {
          maxInstallments: 4,
          minInstallmentValue: 30,
          interestFreeInstallments: 2,
          monthlyInterestRate: 2,
        },
      });
      expect(res.statusCode).toBe(200);
      const shopper = await awaitingOrder(ctx().app, ctx().db, { shop: 'moda', totalCents: 10_000 });
      const options = (await shopper.okCall('GET', '/api/order/payment/credit')) as unknown as {
        providerId: string;
        installments: { count: number; interestFree: boolean }[];
      }[];
      const credit = options.find((o) => o.providerId === 'credit')!;
      // R$ 100,00: 4x would be under the R$ 30,00 minimum; 3x carries 2 % a month.
      expect(credit.installments.map((i) => [i.count, i.interestFree])).toEqual([
        [1, true],
        [2, true],
        [3, false],
      ]);
    });

    it('documents both calls in the OpenAPI with the platform key', async () => {
      const doc = (await ctx().app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const path = doc.paths['/api/platform/shops/{shop}/payments'];
      expect(Object.keys(path).sort()).toEqual(['get', 'put']);
      expect(path.put.security).toEqual([{ platform: [] }]);
      expect(JSON.stringify(path.put.requestBody)).toContain(
        'Monthly interest above the interest-free installments',
      );
    });
  },
  { setup: seedPaymentSuite },
);
