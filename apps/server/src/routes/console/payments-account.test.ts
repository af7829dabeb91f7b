import { afterAll, expect, it } from 'vitest';
import { startFakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { createPlatformSession } from '../../modules/session/service.ts';
import { asStaff, inviteAndAccept, shopWithOwner } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { describeEachDb, testConfig } from '../../test/test-app.ts';

/**
 * Console 'Pagamentos › Conta de pagamento' and 'Personalizado' (issue 18, decision 0040): the account read masked,
 * saved through the platform's module with an audit entry that never holds a secret, 'Testar conexão' against a
 * scripted provider (OK / 401 / no answer in the timeout), owner only; the custom method offered only while on.
 */
const TOKEN = 'APP_USR-console-mp-token-0123-x7y8';
const NEW_TOKEN = 'APP_USR-console-mp-token-4567-z9w0';
const WEBHOOK = 'mp-webhook-secret-console-01';
const provider = await startFakeHttpServer();
afterAll(() => provider.close());
const base = testConfig().payments;
// The provider timeout (PROVIDER_TIMEOUT_SECONDS, 10 s by default) lowered so "no answer" takes 3 s, not 10.
const payments = {
  ...base,
  apiUrls: { mercadopago: provider.url, pagarme: `${provider.url}/core/v5` },
  timeoutMs: 3000,
};

const rules = {
  maxInstallments: 6,
  minInstallmentValue: 20,
  interestFreeInstallments: 3,
  monthlyInterestRate: 1.99,
};
const mercadoPago = {
  accountType: 'mercadopago',
  publicKey: 'APP_USR-public-0001',
  secretKey: TOKEN,
  webhookSecret: WEBHOOK,
  installments: rules,
};

describeEachDb(
  'console payment account: masked, audited, connection tested',
  (ctx) => {
    it('the owner saves a Mercado Pago account, reads it masked; the audit says "alterada", never the secret', async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'conta-a');
      const url = '/api/console/shops/conta-a/payment-account';
      const fresh = await asStaff(app, owner, { url });
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.json().data).toMatchObject({ accountType: 'vitrine', secretKey: null });
      expect(fresh.json().data.installments.maxInstallments).toBe(1);

      const saved = await asStaff(app, owner, { method: 'PUT', url, payload: mercadoPago });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data).toMatchObject({
        accountType: 'mercadopago',
        publicKey: 'APP_USR-public-0001',
        secretKey: '****x7y8',
        webhookSecret: '****e-01',
        installments: rules,
      });
      expect(saved.body).not.toContain(TOKEN);
      // The platform reads the same account (one module, one table).
      const platform = await app.inject({
        url: '/api/platform/shops/conta-a/payments',
        headers: { authorization: `Bearer ${testConfig().platformApiKey}` },
      });
      expect(platform.json().data).toEqual(saved.json().data);

      // Rules only: the stored secrets are kept.
      const { secretKey: _s, webhookSecret: _w, ...noSecrets } = mercadoPago;
      const kept = await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { ...noSecrets, installments: { ...rules, maxInstallments: 10 } },
      });
      expect(kept.json().data).toMatchObject({ secretKey: '****x7y8', webhookSecret: '****e-01' });
      await asStaff(app, owner, {
        method: 'PUT',
        url,
        payload: { ...noSecrets, secretKey: NEW_TOKEN, installments: { ...rules, maxInstallments: 10 } },
      });

      const audit = await db.query<{ actor_label: string; detail: { changes: unknown[] } }>(
        "select actor_label, detail from audit_log where shop_id = $1 and action = 'payment-account.changed' order by created_at, id",
        [shop.id],
      );
      expect(audit).toHaveLength(3);
      expect(audit[0]!.actor_label).toBe('dona@conta-a.example');
      expect(audit[0]!.detail.changes).toContainEqual({
        label: 'Chave secreta / token de acesso',
        before: 'não definida',
        after: 'alterada',
      });
      expect(audit[0]!.detail.changes).toContainEqual({
        label: 'Juros ao mês',
        before: '0,00 %',
        after: '1,99 %',
      });
      expect(audit[1]!.detail.changes).toEqual([{ label: 'Máximo de parcelas', before: '6x', after: '10x' }]);
      expect(audit[2]!.detail.changes).toEqual([
        { label: 'Chave secreta / token de acesso', before: 'definida', after: 'alterada' },
      ]);
      const stored = JSON.stringify(audit);
      for (const secret of [TOKEN, NEW_TOKEN, WEBHOOK, 'x7y8', 'z9w0']) expect(stored).not.toContain(secret);
    });

    it('bad input is a 400 in pt-BR naming the field, and nothing changes', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'conta-b');
      const url = '/api/console/shops/conta-b/payment-account';
      const put = (payload: object) => asStaff(app, owner, { method: 'PUT', url, payload });
      const cases: [object, string][] = [
        [
          { ...mercadoPago, installments: { ...rules, maxInstallments: 30 } },
          'O número máximo de parcelas deve ser um inteiro de 1 a 24.',
        ],
        [
          { ...mercadoPago, installments: { ...rules, interestFreeInstallments: 8 } },
          'O número de parcelas sem juros deve ser um inteiro de 1 até o máximo de parcelas.',
        ],
        [
          { ...mercadoPago, installments: { ...rules, monthlyInterestRate: 12 } },
          'A taxa de juros mensal deve ser de 0% a 10%, com até 2 casas decimais.',
        ],
        [
          { ...mercadoPago, installments: { ...rules, minInstallmentValue: 1.234 } },
          'O valor mínimo da parcela deve ser de R$ 0,00 a R$ 100.000,00, com até 2 casas decimais.',
        ],
        [{ ...mercadoPago, secretKey: 'curta' }, 'A chave secreta / token de acesso deve ter de 8 a 500'],
        [
          { ...mercadoPago, accountType: 'stripe' },
          'O tipo de conta deve ser vitrine, pagarme, mercadopago ou link.',
        ],
        [{ ...mercadoPago, webhookSecret: undefined }, 'webhookSecret: obrigatório para contas mercadopago.'],
      ];
      for (const [payload, message] of cases)
        expect(expectRefusal(await put(payload), 400).message).toContain(message);
      expect((await asStaff(app, owner, { url })).json().data.accountType).toBe('vitrine');
    });

    it('"Testar conexão" asks the provider with the typed or stored key and answers in pt-BR', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'conta-c');
      const url = '/api/console/shops/conta-c/payment-account';
      const test = (payload: object) => asStaff(app, owner, { method: 'POST', url: `${url}/test`, payload });
      expect((await test({ accountType: 'vitrine' })).json().data).toEqual({
        ok: true,
        message: 'Conexão OK: sandbox da Vitrine (demonstração)',
      });
      expect((await test({ accountType: 'mercadopago' })).json().data).toEqual({
        ok: false,
        message: 'Informe a chave secreta / token de acesso para testar a conexão.',
      });

      await asStaff(app, owner, { method: 'PUT', url, payload: mercadoPago });
      provider.requests.length = 0;
      provider.respond({ status: 200, body: [{ id: 'pix' }, { id: 'master' }] });
      expect((await test({ accountType: 'mercadopago' })).json().data).toEqual({
        ok: true,
        message: 'Conexão OK',
      });
      expect(provider.requests[0]).toMatchObject({
        method: 'GET',
        path: '/v1/payment_methods',
        headers: { authorization: `Bearer ${TOKEN}` },
      });

      provider.respond({ status: 401, body: { message: `invalid access token ${NEW_TOKEN}`, status: 401 } });
      const refused = await test({ accountType: 'mercadopago', secretKey: NEW_TOKEN });
      expect(refused.statusCode).toBe(200);
      expect(refused.json().data).toEqual({
        ok: false,
        message: 'Credenciais recusadas pelo Mercado Pago (401)',
      });
      expect(refused.body).not.toContain(NEW_TOKEN);
      expect(provider.requests.at(-1)!.headers.authorization).toBe(`Bearer ${NEW_TOKEN}`);

      provider.respond({ status: 200, body: { data: [], paging: { total: 0 } } });
      expect((await test({ accountType: 'pagarme', secretKey: 'sk_test_console_0001' })).json().data).toEqual(
        {
          ok: true,
          message: 'Conexão OK',
        },
      );
      expect(provider.requests.at(-1)).toMatchObject({
        path: '/core/v5/customers?page=1&size=1',
        headers: { authorization: `Basic ${Buffer.from('sk_test_console_0001:').toString('base64')}` },
      });
      provider.respond({ status: 503, body: {} });
      expect((await test({ accountType: 'pagarme', secretKey: 'sk_test_console_0001' })).json().data).toEqual(
        {
          ok: false,
          message: 'Pagar.me indisponível (503)',
        },
      );
      expectRefusal(await test({ accountType: 'stripe' }), 400);
    });

    it('"Testar conexão" says the provider is unavailable when it does not answer in the timeout (3 s here)', async () => {
      const { app } = ctx();
      const { owner } = await shopWithOwner(app, 'conta-d');
      const url = '/api/console/shops/conta-d/payment-account/test';
      provider.respond({ status: 200, body: [], delayMs: 3500 });
      const res = await asStaff(app, owner, {
        method: 'POST',
        url,
        payload: { accountType: 'link', secretKey: TOKEN },
      });
      expect(res.json().data).toEqual({
        ok: false,
        message: 'Mercado Pago indisponível: sem resposta em 3 s',
      });
      provider.respond({ status: 200, body: [] });
    }, 40_000);

    it('managers and agents get 403; writing needs the CSRF header', async () => {
      const { app, db } = ctx();
      const { owner } = await shopWithOwner(app, 'conta-e');
      const url = '/api/console/shops/conta-e/payment-account';
      const manager = await inviteAndAccept(app, db, 'conta-e', owner, 'gerente@conta-e.example', 'manager');
      const agent = await inviteAndAccept(app, db, 'conta-e', owner, 'agente@conta-e.example', 'agent');
      for (const staff of [manager, agent]) {
        expectRefusal(await asStaff(app, staff, { url }), 403);
        expectRefusal(await asStaff(app, staff, { method: 'PUT', url, payload: mercadoPago }), 403);
        expectRefusal(
          await asStaff(app, staff, {
            method: 'POST',
            url: `${url}/test`,
            payload: { accountType: 'vitrine' },
          }),
          403,
        );
      }
      const noCsrf = await app.inject({
        method: 'PUT',
        url,
        headers: { cookie: owner.cookie },
        payload: mercadoPago,
      });
      expectRefusal(noCsrf, 403);
      expect((await asStaff(app, owner, { url })).json().data.accountType).toBe('vitrine');
    });
  },
  { config: { payments } },
);

describeEachDb('console payment methods: Personalizado', (ctx) => {
  it('the shop names its custom method; the checkout offers it under that name only while it is on', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'pers-a');
    const url = '/api/console/shops/pers-a/payment-methods';
    const current = (await asStaff(app, owner, { url })).json().data;
    expect(current).toMatchObject({ custom: false, customName: null });
    const put = (payload: object) => asStaff(app, owner, { method: 'PUT', url, payload });
    const message = 'Dê à forma personalizada um nome de 1 a 40 caracteres.';
    expect(expectRefusal(await put({ ...current, custom: true, customName: '  ' }), 400).message).toContain(
      message,
    );
    expect(
      expectRefusal(await put({ ...current, custom: true, customName: 'x'.repeat(41) }), 400).message,
    ).toContain(message);

    const session = await createPlatformSession(db, 60_000, {
      shop: shop.slug,
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: { name: 'Cliente', phone: '5511955550222' },
    });
    const headers = { authorization: `Bearer ${session.code}` };
    const options = async () =>
      (await app.inject({ url: '/api/order/payments/', headers })).json().data as {
        method: number;
        name: string;
      }[];
    const choose = () =>
      app.inject({ method: 'POST', url: '/api/order/payment/method?paymentMethod=7', headers });
    expect((await options()).some((o) => o.method === 7)).toBe(false);
    expect(expectRefusal(await choose(), 422).message).toBe(
      'Forma de pagamento indisponível para este pedido.',
    );

    const on = await put({ ...current, custom: true, customName: ' Vale-alimentação ' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ custom: true, customName: 'Vale-alimentação' });
    expect(await options()).toContainEqual(expect.objectContaining({ method: 7, name: 'Vale-alimentação' }));
    const chosen = await choose();
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.payment.method).toBe(7);

    await put({ ...current, custom: false, customName: 'Vale-alimentação' });
    expect((await options()).some((o) => o.method === 7)).toBe(false);
    const audit = (await asStaff(app, owner, { url: '/api/console/shops/pers-a/audit' })).json().data.entries;
    expect(audit[0].detail.changes).toEqual([
      { label: 'Personalizado', before: 'Aceita', after: 'Não aceita' },
    ]);
    expect(audit[1].detail.changes).toContainEqual({
      label: 'Nome da forma personalizada',
      before: '—',
      after: 'Vale-alimentação',
    });
  });
});
