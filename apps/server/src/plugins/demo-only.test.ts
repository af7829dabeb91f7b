/**
 * Demo fencing (issue 14): the demo inbox answers only this machine (loopback) or the platform key holder,
 * never trusts a forwarded address unless TRUST_PROXY says so, shows a card-payment link only as a short-lived
 * session; outside demo mode no demo route answers at all.
 */
import { expect, it } from 'vitest';
import { PaymentMethod } from '@vitrine/contracts/enums';
import { buildApp } from '../app.ts';
import { readyAgentOrder } from '../flows/checkout/agent-confirm-test-kit.ts';
import { seedCheckoutSuite } from '../modules/checkout/checkout-test-kit.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { resolveSession } from '../modules/session/service.ts';
import { describeEachDb, testConfig, TEST_PLATFORM_KEY } from '../test/test-app.ts';
import { expectRefusal } from '../test/refusal.ts';

const STRANGER = '203.0.113.7';
const DEMO_ROUTES = ['/api/dev/inbox', '/api/dev/payments/boleto/pay_01abc.pdf'];

describeEachDb(
  'demo fencing',
  (ctx) => {
    const inbox = (remoteAddress?: string, headers: Record<string, string> = {}) =>
      ctx().app.inject({
        method: 'GET',
        url: '/api/dev/inbox',
        headers,
        ...(remoteAddress ? { remoteAddress } : {}),
      });

    it('the demo inbox answers loopback clients and the platform key holder, nobody else', async () => {
      expect((await inbox()).statusCode).toBe(200);
      expect((await inbox('::1')).statusCode).toBe(200);
      expect(expectRefusal(await inbox(STRANGER), 403).code).toBe('demoLocalOnly');
      const contact = await mintSession(ctx().app);
      expectRefusal(await inbox(STRANGER, { authorization: `Bearer ${contact}` }), 403);
      const guess = expectRefusal(await inbox(STRANGER, { authorization: 'Bearer not-the-key-0123456789' }));
      expect(['demoLocalOnly', 'sessionInvalid']).toContain(guess.code);
      expect((await inbox(STRANGER, { authorization: `Bearer ${TEST_PLATFORM_KEY}` })).statusCode).toBe(200);
    });

    it('a forwarded-for header does not make a stranger local (no TRUST_PROXY)', async () => {
      const spoofed = await inbox(STRANGER, { 'x-forwarded-for': '127.0.0.1' });
      expectRefusal(spoofed, 403);
    });

    it('the card-payment link on the inbox is a short-lived session, not a reusable code', async () => {
      const { app, db, config } = ctx();
      const phone = '5511966660001';
      const agent = await readyAgentOrder(app, phone, PaymentMethod.CreditCard);
      await agent.okCall('POST', '/api/order/confirm', {});
      const res = await inbox();
      const conversation = (
        res.json() as {
          data: {
            conversations: { recipient: string; messages: { parts: { button?: { url: string } }[] }[] }[];
          };
        }
      ).data.conversations.find((c) => c.recipient === phone);
      const url = conversation?.messages.at(-1)?.parts[0]?.button?.url ?? '';
      const code = /#([A-Za-z0-9_-]{40,})$/.exec(url)?.[1] ?? '';
      expect(code).not.toBe('');
      const session = await resolveSession(db, code);
      expect(session).not.toBeNull();
      const lifetime = session!.expiresAt.getTime() - Date.now();
      expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
      expect(lifetime).toBeLessThan(config.sessionTtlMs);
    });

    it('outside demo mode no demo route answers, not even on loopback with the key', async () => {
      const { db } = ctx();
      const production = await buildApp({ db, config: testConfig({ demoMode: false }), logger: false });
      for (const url of [...DEMO_ROUTES, '/dev/inbox']) {
        const local = await production.inject({ method: 'GET', url });
        expect(local.statusCode, url).toBe(404);
        const keyed = await production.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
        });
        expect(keyed.statusCode, url).toBe(404);
      }
      await production.close();
    });
  },
  { setup: seedCheckoutSuite },
);
