/**
 * reCAPTCHA key pairs (issue 33, item 6; decision 0048). Google's siteverify
 * (https://developers.google.com/recaptcha/docs/verify) checks a token with the `secret` of the SAME key pair
 * whose site key rendered the widget. So the site key the card page shows and the secret the server verifies
 * with always come from one pair: the shop's own (site key + secret it set) or else the server's.
 */
import { afterAll, beforeEach, expect, it } from 'vitest';
import { FailureType, PaymentStatus } from '@vitrine/contracts/enums';
import { startFakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { describeEachDb, testConfig, type TestContext } from '../../test/test-app.ts';
import { shopId } from '../order/order-test-kit.ts';
import { savePaymentSettings } from './account.ts';
import { awaitingOrder, cardBody, expectAnswer, seedPaymentSuite } from './payment-test-kit.ts';

const google = await startFakeHttpServer();
afterAll(() => google.close());
beforeEach(() => {
  google.requests.length = 0;
});

const RULES = { maxInstallments: 1, minInstallmentCents: 0, interestFree: 1, monthlyInterestBp: 0 };

async function shopKeys(c: TestContext, keys: { recaptchaSiteKey: string; recaptchaSecretKey?: string }) {
  await savePaymentSettings(c.db, c.config.messaging.credentialsKey, await shopId(c.db, 'hortifruti'), {
    type: 'vitrine',
    rules: RULES,
    ...keys,
  });
}

/** A ReCAPTCHA refusal, then the widget's token: answers the key shown and the secret siteverify got. */
async function roundTrip(c: TestContext) {
  const shopper = await awaitingOrder(c.app, c.db);
  const body = cardBody('4000000000003220');
  const first = expectAnswer(await shopper.pay(body, 'captcha-pair-1'));
  expect(first.failureType).toBe(FailureType.ReCAPTCHA);
  google.respond({ status: 200, body: { success: true, hostname: 'loja.test' } });
  const token = { ...body, recaptchaKey: first.recaptchaKey, recaptchaToken: 'widget-token' };
  const second = expectAnswer(await shopper.pay(token, 'captcha-pair-2'));
  const form = Object.fromEntries(new URLSearchParams(google.requests[0]?.raw ?? ''));
  return { shown: first.recaptchaKey, secret: form.secret, response: form.response, status: second.status };
}

describeEachDb(
  'reCAPTCHA: the site key shown and the secret that verifies are one pair',
  (ctx) => {
    it("the shop's own pair: its site key shown, its secret sent to siteverify", async () => {
      await shopKeys(ctx(), { recaptchaSiteKey: 'shop-site-key', recaptchaSecretKey: 'shop-secret-key' });
      const trip = await roundTrip(ctx());
      expect(trip).toMatchObject({
        shown: 'shop-site-key',
        secret: 'shop-secret-key',
        response: 'widget-token',
      });
      expect(trip.status).not.toBe(PaymentStatus.Waiting);
    });

    it("a shop site key without its secret is not shown: the server's pair is used", async () => {
      await shopKeys(ctx(), { recaptchaSiteKey: 'shop-site-key' });
      const trip = await roundTrip(ctx());
      expect(trip).toMatchObject({ shown: 'server-site-key', secret: 'server-secret-key' });
    });

    it("no shop keys: the server's pair", async () => {
      const trip = await roundTrip(ctx());
      expect(trip).toMatchObject({ shown: 'server-site-key', secret: 'server-secret-key' });
    });
  },
  {
    setup: seedPaymentSuite,
    config: {
      payments: {
        ...testConfig().payments,
        recaptcha: {
          provider: 'google',
          siteKey: 'server-site-key',
          secretKey: 'server-secret-key',
          verifyUrl: `${google.url}/recaptcha/api/siteverify`,
        },
      },
    },
  },
);
