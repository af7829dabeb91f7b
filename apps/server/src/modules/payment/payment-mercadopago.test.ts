/**
 * A shop on Mercado Pago, end to end through our routes, checked against Mercado Pago's published contract
 * (adapters/payments/mercadopago-reference.test.ts cites the pages): a boleto carries the order's address and the
 * contact's CPF; a card create answered 423 (idempotency key locked) leaves the payment Waiting — never Failed —
 * and the later approval webhook (found by `external_reference`) settles it.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { PaymentMethod, PaymentStatus } from '@vitrine/contracts/enums';
import { startFakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { mercadoPagoSignature } from '../../adapters/payments/mercadopago-webhook.ts';
import { describeEachDb, testConfig, type TestContext } from '../../test/test-app.ts';
import { shopId } from '../order/order-test-kit.ts';
import { savePaymentSettings } from './account.ts';
import { awaitingOrder, orderPayments, seedPaymentSuite } from './payment-test-kit.ts';

const mp = await startFakeHttpServer();
afterAll(() => mp.close());
beforeEach(() => {
  mp.requests.length = 0;
});

async function mercadoPagoShop(c: TestContext) {
  await savePaymentSettings(c.db, c.config.messaging.credentialsKey, await shopId(c.db, 'hortifruti'), {
    type: 'mercadopago',
    publicKey: 'APP_USR-public',
    secretKey: 'APP_USR-access-token',
    webhookSecret: 'whsec-mp-shop',
    rules: { maxInstallments: 1, minInstallmentCents: 0, interestFree: 1, monthlyInterestBp: 0 },
  });
}

/** Gives the order's contact a CPF and two addresses; the order chooses the second. */
async function withAddress(c: TestContext, orderId: string) {
  const [order] = await c.db.query<{ shop_id: string; contact_id: string }>(
    'select shop_id, contact_id from orders where id = $1',
    [orderId],
  );
  await c.db.query(
    `update contacts set document = '52998224725', email = 'maria@example.com' where id = $1`,
    [order!.contact_id],
  );
  const address = (id: string, isDefault: boolean, street: string) =>
    c.db.query(
      `insert into addresses (id, shop_id, contact_id, name, is_default, zip_code, street, number, complement,
         neighborhood, city, state) values ($1, $2, $3, 'Casa', $4, '01452002', $5, '1384', null, 'Pinheiros',
         'São Paulo', 'SP')`,
      [id, order!.shop_id, order!.contact_id, isDefault, street],
    );
  await address(`adr_${orderId}_1`, true, 'Rua Antiga');
  await address(`adr_${orderId}_2`, false, 'Avenida Brigadeiro Faria Lima');
  await c.db.query(`update orders set checkout = checkout || $2::jsonb where id = $1`, [
    orderId,
    JSON.stringify({ addressId: `adr_${orderId}_2` }),
  ]);
}

describeEachDb(
  'Mercado Pago shop, against the published contract',
  (ctx) => {
    it("boleto: bolbradesco with the order's chosen address and the contact's CPF", async () => {
      await mercadoPagoShop(ctx());
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: PaymentMethod.Boleto });
      await withAddress(ctx(), shopper.orderId);
      mp.respond({
        status: 201,
        body: {
          id: 5466310457,
          status: 'pending',
          payment_type_id: 'ticket',
          transaction_details: { digitable_line: '23793380296000100214400000000003196830000012345' },
        },
      });
      const charge = await shopper.okCall('POST', '/api/order/payment/charge');
      expect(charge.boletoLine).toBe('23793380296000100214400000000003196830000012345');
      expect(mp.requests[0]?.json).toMatchObject({
        payment_method_id: 'bolbradesco',
        payer: {
          identification: { type: 'CPF', number: '52998224725' },
          address: {
            zip_code: '01452002',
            street_name: 'Avenida Brigadeiro Faria Lima',
            street_number: '1384',
            neighborhood: 'Pinheiros',
            city: 'São Paulo',
            federal_unit: 'SP',
          },
        },
      });
    });

    it('boleto without an address: a pt-BR 422 and nothing sent to Mercado Pago', async () => {
      await mercadoPagoShop(ctx());
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: PaymentMethod.Boleto });
      const res = (await shopper.call('POST', '/api/order/payment/charge')) as {
        status: number;
        body: { errors: { message: string }[] };
      };
      expect(res.status).toBe(422);
      expect(res.body.errors[0]?.message).toBe(
        'Para gerar o boleto, o cliente precisa de CPF (ou CNPJ) e endereço completo.',
      );
      expect(mp.requests).toHaveLength(0);
      expect((await orderPayments(ctx().db, shopper.orderId)).payments).toEqual([]);
    });

    it('card answered 423 three times: 503, payment still Waiting; the approval webhook settles it', async () => {
      await mercadoPagoShop(ctx());
      const shopper = await awaitingOrder(ctx().app, ctx().db, { method: PaymentMethod.CreditCard });
      mp.respond({ status: 423, body: { message: 'Resource locked', status: 423 } });
      const body = {
        token: 'ff8080814c11e237014c1ff593b57b4d',
        payment_method_id: 'master',
        transaction_amount: 100,
        installments: 1,
        payer: { email: 'maria@example.com', identification: { type: 'CPF', number: '52998224725' } },
      };
      const first = await shopper.pay(body, 'key-423-card', '/api/order/payment/mercadoPago');
      expect(first.status).toBe(503);
      const keys = mp.requests.map((r) => r.headers['x-idempotency-key']);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(1);
      const { payments } = await orderPayments(ctx().db, shopper.orderId);
      expect(payments).toMatchObject([{ status: PaymentStatus.Waiting, failure_type: null }]);
      const paymentId = payments[0]!.id;
      expect(keys[0]).toBe(paymentId);

      // Mercado Pago finished the create after all and notifies it; we never stored its id.
      mp.respond({
        status: 200,
        body: {
          id: 777001,
          status: 'approved',
          payment_type_id: 'credit_card',
          external_reference: paymentId,
        },
      });
      const ts = String(Math.floor(Date.now() / 1000));
      const shop = await shopId(ctx().db, 'hortifruti');
      const hook = await ctx().app.inject({
        method: 'POST',
        url: `/api/webhooks/payments/mercadopago/${shop}?source_news=webhooks&data.id=777001&type=payment`,
        headers: {
          'content-type': 'application/json',
          'x-signature': mercadoPagoSignature('whsec-mp-shop', '777001', 'req-423', ts),
          'x-request-id': 'req-423',
        },
        payload: JSON.stringify({
          id: 5001,
          type: 'payment',
          action: 'payment.updated',
          data: { id: '777001' },
        }),
      });
      expect(hook.statusCode, hook.body).toBe(200);
      expect(await orderPayments(ctx().db, shopper.orderId)).toMatchObject({
        payments: [{ id: paymentId, status: PaymentStatus.Paid }],
        paidEvents: 1,
      });
      // The shopper's retry of the same key answers the settled payment without charging again.
      mp.requests.length = 0;
      const again = await shopper.pay(body, 'key-423-card', '/api/order/payment/mercadoPago');
      expect(again.status).toBe(200);
      expect(again.body.data.status).toBe(PaymentStatus.Paid);
      expect(mp.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    });
  },
  {
    setup: seedPaymentSuite,
    config: {
      payments: { ...testConfig().payments, apiUrls: { mercadopago: mp.url, pagarme: `${mp.url}/core/v5` } },
    },
  },
);
