/**
 * Steady load for the crash and restart tests: shoppers (one session each) set product quantities one request
 * after another through the proxy at a paced rate, remembering each change acknowledged with a 2xx; afterwards
 * `verify` reads every shopper's order and checks that each acknowledged change is there.
 */
import { expect } from 'vitest';
import { call, mintSession } from '../test/cluster/cluster-client.ts';

type Line = { providerId: string; quantity: number };

export type LoadFigures = {
  requests: number;
  acknowledged: number;
  failed: number;
  /** Failed requests by status (0: no answer). */
  failures: Record<number, number>;
};

export async function startCartLoad(base: string, products: string[], shoppers: number, perSecond: number) {
  const codes = await Promise.all(Array.from({ length: shoppers }, () => mintSession(base)));
  /** Per session, per product: the last acknowledged quantity and the quantity of a change whose answer was lost. */
  const acknowledged = codes.map(() => new Map<string, number>());
  const unanswered = codes.map(() => new Map<string, number>());
  const figures: LoadFigures = { requests: 0, acknowledged: 0, failed: 0, failures: {} };
  let running = true;
  const pause = (shoppers * 1000) / perSecond;
  const shopper = async (s: number) => {
    for (let i = 0; running; i++) {
      const started = Date.now();
      const providerId = products[(s * 7 + i) % products.length]!;
      const quantity = 1 + (i % 5);
      figures.requests += 1;
      const res = await call(base, 'POST', '/api/order/items/', {
        code: codes[s],
        body: { providerId, quantity },
      });
      if (res.status === 200) {
        figures.acknowledged += 1;
        acknowledged[s]!.set(providerId, quantity);
        unanswered[s]!.delete(providerId);
      } else {
        figures.failed += 1;
        figures.failures[res.status] = (figures.failures[res.status] ?? 0) + 1;
        unanswered[s]!.set(providerId, quantity);
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, pause - (Date.now() - started))));
    }
  };
  const all = Promise.all(codes.map((_, s) => shopper(s)));
  return {
    figures,
    stop: async () => {
      running = false;
      await all;
      return figures;
    },
    /** Every acknowledged change is in the order (or the later change whose answer was lost). */
    verify: async (readBase: string) => {
      let found = 0;
      for (const [s, code] of codes.entries()) {
        const res = await call<{ items: Line[] }>(readBase, 'GET', '/api/order/current', { code });
        expect(res.status).toBe(200);
        const lines = new Map(res.data.items.map((l) => [l.providerId, l.quantity]));
        expect(lines.size).toBe(res.data.items.length);
        for (const [providerId, quantity] of acknowledged[s]!) {
          const lost = unanswered[s]!.get(providerId);
          expect([quantity, lost]).toContain(lines.get(providerId));
          found += 1;
        }
      }
      return found;
    },
  };
}
