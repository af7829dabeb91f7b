/** Steps the cluster tests share: products to buy, an agent order ready to confirm, waiting for the outbox. */
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { PAULISTA_ADDRESS } from '../modules/checkout/checkout-test-kit.ts';
import { call, mintSession } from '../test/cluster/cluster-client.ts';

export const CUSTOMER = {
  name: 'Maria Silva',
  email: 'maria@example.com',
  document: '529.982.247-25',
  birthDate: '15/03/1990',
};
/** Provider ids of active products without variants of the shop (the top of its catalogue). */
export async function simpleProducts(base: string, code: string): Promise<string[]> {
  const res = await call<{ data: { providerId: string; hasVariants: boolean; isActive: boolean }[] }>(
    base,
    'GET',
    '/api/catalog/top?perPage=60',
    { code },
  );
  expect(res.status).toBe(200);
  return res.data.data.filter((p) => p.isActive && !p.hasVariants).map((p) => p.providerId);
}

/** Expects 200 and answers the data. */
export async function ok<T = Record<string, unknown>>(
  answer: Promise<{ status: number; data: T; errors: unknown[] }>,
): Promise<T> {
  const res = await answer;
  expect(res.status, JSON.stringify(res.errors)).toBe(200);
  return res.data;
}

/**
 * An agent session whose order has the customer, address, `providerId` × 20, home delivery and cash payment: all it
 * misses to confirm is the delivery slot (hortifruti's steps end with Schedule).
 */
export async function agentOrderBeforeSlot(base: string, providerId: string): Promise<string> {
  const code = await mintSession(base, { agent: true });
  await ok(call(base, 'POST', '/api/customer/update', { code, body: CUSTOMER }));
  await ok(call(base, 'POST', '/api/order/address/', { code, body: PAULISTA_ADDRESS }));
  await ok(call(base, 'POST', '/api/order/items/', { code, body: { providerId, quantity: 20 } }));
  await ok(
    call(base, 'POST', '/api/order/logistic/', {
      code,
      body: { type: 1, providerId: 'loja-paulista-entrega', addressIndex: 0 },
    }),
  );
  await ok(
    call(base, 'POST', '/api/order/payment/delivery', {
      code,
      body: { providerId: 'cash', cashAmount: 100_000 },
    }),
  );
  return code;
}

/** Inserts a slot of the shop two days ahead (open for a day) with `capacity` places. */
export async function insertSlot(db: Db, id: string, capacity: number, start: string): Promise<void> {
  await db.query(
    `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
     select $1, id, current_date + 2, $2, $3, now() + interval '1 day', $4 from shops where slug = 'hortifruti'`,
    [id, start, `${start.slice(0, 2)}:59`, capacity],
  );
}

/** Waits until no outbox row is pending or sending (at most `timeoutMs`). */
export async function outboxSettled(db: Db, timeoutMs = 30_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const [row] = await db.query<{ open: number }>(
      "select count(*)::int as open from outbox where status in ('pending', 'sending')",
    );
    if (row?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('outbox did not settle');
}
