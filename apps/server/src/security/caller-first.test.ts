/**
 * Attacker's suite — who calls before what they send (issue 39, item 7): every route of the route table that
 * needs a caller answers an anonymous, malformed request with 401 (and an agent-only route a contact's with
 * 403), never a 400 that describes its schema. A storefront route missing from the classification
 * (plugins/caller-first.ts) fails here.
 */
import { expect, it } from 'vitest';
import { seedDemo } from '../db/seed/demo.ts';
import { mintSession } from '../modules/order/order-test-kit.ts';
import { callerOf } from '../plugins/caller-first.ts';
import { describeEachDb } from '../test/test-app.ts';

/** Storefront routes anyone may call (no session). */
const PUBLIC_STOREFRONT = new Set(['GET /api/tray/config']);
const STOREFRONT = /^\/api\/(order|catalog|customer|shop|tray|pix)\//;

const malformed = (method: string, url: string) => ({
  method: method as 'GET',
  url: `${url.replace(/:[A-Za-z]+/g, 'x').replace('*', 'x')}?lixo=%7B%7D&code=${'x'.repeat(300)}`,
  ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { lixo: [1, 2, 3] } }),
});

describeEachDb(
  'attacker: the caller is checked before the body',
  (ctx) => {
    it('every storefront route is classified; anonymous malformed calls get 401, contacts on agent routes 403', async () => {
      const { app } = ctx();
      const contact = await mintSession(app);
      const checked: string[] = [];
      // A fresh address per call: the failed-key budget per address is not what is tested here.
      const address = () => `10.77.${Math.floor(checked.length / 250)}.${checked.length % 250}`;
      for (const { method, url } of app.routeTable) {
        const key = `${method} ${url}`;
        const caller = callerOf(method, url);
        if (STOREFRONT.test(url) && !PUBLIC_STOREFRONT.has(key) && url !== '/api/pix/qr.png')
          expect(caller, `${key} is not classified in plugins/caller-first.ts`).not.toBeNull();
        const needsCaller = caller !== null || url.startsWith('/api/platform/');
        if (!needsCaller) continue;
        const anonymous = await app.inject({ ...malformed(method, url), remoteAddress: address() });
        expect(anonymous.statusCode, `${key}: ${anonymous.body}`).toBe(401);
        if (caller === 'agent') {
          const res = await app.inject({
            ...malformed(method, url),
            headers: { authorization: `Bearer ${contact}` },
          });
          expect(res.statusCode, `${key}: ${res.body}`).toBe(403);
        }
        checked.push(key);
      }
      expect(checked).toContain('POST /api/order/logistic/manual');
      expect(checked.length).toBeGreaterThan(100);
    });
  },
  { setup: async (db) => void (await seedDemo(db)) },
);
