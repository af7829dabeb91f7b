/**
 * Pagar.me hook Basic auth, against the references: the official SDK sends HTTP Basic as
 * `base64(username + ':' + password)` (pagarme/pagarme-nodejs-sdk `src/configuration.ts` `basicAuthCredentials
 * {username, password}`, `src/authProvider.ts`), and RFC 7617 §2 says the user-id cannot contain ':' while the
 * password may — so the stored "user:password" is split at the FIRST ':' only. Hook body per Pagar.me v5
 * "Webhooks" (https://docs.pagar.me/reference/webhooks-1): `{ id: 'hook_…', type: 'order.paid', data: { id: 'or_…' } }`.
 */
import { describe, expect, it } from 'vitest';
import { gatewayFailure } from './gateway-fixtures.ts';
import { gatewayRegistry } from './registry.ts';

const registry = gatewayRegistry({
  sandbox: false,
  publicUrl: 'https://loja.test',
  pix: () => Promise.reject(new Error('unused')),
});

const HOOK = JSON.stringify({
  id: 'hook_RyEKQO789TRpZjv5',
  account: { id: 'acc_jZkdN857et650oNv', name: 'Loja' },
  type: 'order.paid',
  created_at: '2026-03-10T15:00:00.000Z',
  data: { id: 'or_ZdnB5BBCmYhk534R', code: 'pay_01JABC', status: 'paid' },
});

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

function gateway(webhookSecret: string) {
  return registry({ shopId: 'shp_1', type: 'pagarme', secretKey: 'sk_test_123', webhookSecret })!;
}

describe('Pagar.me hook Basic auth', () => {
  it("a password containing ':' authenticates (split at the first ':')", async () => {
    const hook = gateway('vitrine-hook:s3:cr:et:');
    const notification = await hook.parseWebhook({
      headers: { authorization: basic('vitrine-hook', 's3:cr:et:') },
      query: {},
      rawBody: HOOK,
    });
    expect(notification).toEqual({
      eventId: 'pagarme:hook_RyEKQO789TRpZjv5',
      providerPaymentId: 'or_ZdnB5BBCmYhk534R',
      status: null,
    });
  });

  it('the wrong password, or only its part before a colon, is refused', async () => {
    const hook = gateway('vitrine-hook:s3:cr:et:');
    for (const authorization of [basic('vitrine-hook', 's3'), basic('vitrine-hook', 's3:cr:et')]) {
      const error = await gatewayFailure(
        hook.parseWebhook({ headers: { authorization }, query: {}, rawBody: HOOK }),
      );
      expect(error.code).toBe('invalidSignature');
    }
  });
});
