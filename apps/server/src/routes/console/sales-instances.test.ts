/**
 * Coupon rules across instances (issue 18, decision 0035): two app instances, each with its own pool, on one
 * PostgreSQL database. A coupon limited to 3 uses, created through the console's flow on instance A, is applied
 * and confirmed at once by 10 agents spread over both instances: exactly 3 confirms are accepted, the others are
 * refused in pt-BR. Turning the coupon off through instance B applies to the next apply on instance A at once.
 * Prints attempts / accepted / refused.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { seedCheckoutDemo } from '../../db/seed/checkout.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { PAULISTA_ADDRESS } from '../../modules/checkout/paulista-address.ts';
import { addCoupon, changeCoupon } from '../../flows/sales/rules.ts';
import { CUSTOMER } from '../../multi-instance/cluster-kit.ts';
import { call } from '../../test/cluster/cluster-client.ts';
import { couponBodyOf } from '../../test/sales-rules-kit.ts';
import { TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';

const url = process.env.TEST_DATABASE_URL;
const ATTEMPTS = 10;
const LIMIT = 3;

let contacts = 0;

/** An agent session on `base` whose order only waits for its coupon and confirm (slot `slotId` held). */
async function agentOrder(base: string, providerId: string, slotId: string): Promise<string> {
  contacts += 1;
  const minted = await call<{ code: string }>(base, 'POST', '/api/platform/sessions', {
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    body: {
      shop: 'hortifruti',
      sessionType: 'agent',
      channelType: 'whatsapp',
      contact: { name: `Cliente ${contacts}`, phone: `55119${String(80_000_000 + contacts)}` },
    },
  });
  expect(minted.status).toBe(201);
  const code = minted.data.code;
  const steps: [string, unknown][] = [
    ['/api/customer/update', CUSTOMER],
    ['/api/order/address/', PAULISTA_ADDRESS],
    ['/api/order/items/', { providerId, quantity: 20 }],
    ['/api/order/logistic/', { type: 1, providerId: 'loja-paulista-entrega', addressIndex: 0 }],
    ['/api/order/payment/delivery', { providerId: 'cash', cashAmount: 100_000 }],
    ['/api/order/schedule', { id: slotId }],
  ];
  for (const [path, body] of steps) {
    const res = await call(base, 'POST', path, { code, body });
    expect(res.status, `${path}: ${JSON.stringify(res.errors)}`).toBe(200);
  }
  return code;
}

describe.runIf(url)('coupon rules across two instances [postgres]', () => {
  const { apps, dbs, base } = twoInstancesOnPostgres(async (db) => {
    await seedDemo(db);
    await seedCheckoutDemo(db);
  });

  it(`keeps a ${LIMIT}-use coupon at ${LIMIT} when ${ATTEMPTS} agents on two instances confirm with it at once`, async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const [dbA, dbB] = dbs as [Db, Db];
    const [shop] = await dbA.query<{ id: string }>(`select id from shops where slug = 'hortifruti'`);
    const owner = { userId: null, label: 'dona@hortifruti.example', shopId: shop!.id };
    const coupon = await addCoupon(dbA, owner, couponBodyOf('TRESVEZES', { usageLimit: LIMIT }));
    await dbA.query(
      `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
       values ('slt-cupom', $1, current_date + 2, '07:00', '07:59', now() + interval '1 day', 100)`,
      [shop!.id],
    );
    const [product] = await dbA.query<{ provider_id: string }>(
      `select provider_id from products p where shop_id = $1 and is_active and not sold_in_kilo
         and not exists (select 1 from product_variants v where v.product_id = p.id) order by ranking desc limit 1`,
      [shop!.id],
    );
    const bases = [base(a), base(b)];
    const agents = await Promise.all(
      Array.from({ length: ATTEMPTS }, (_, i) =>
        agentOrder(bases[i % 2]!, product!.provider_id, 'slt-cupom'),
      ),
    );
    // Every agent applies it while no use is confirmed yet; the confirms then race on both instances.
    for (const [i, code] of agents.entries()) {
      const applied = await call(bases[i % 2]!, 'POST', '/api/order/coupon/?coupon=tresvezes', { code });
      expect(applied.status, JSON.stringify(applied.errors)).toBe(200);
    }
    const answers = await Promise.all(
      agents.map((code, i) => call(bases[(i + 1) % 2]!, 'POST', '/api/order/confirm', { code, body: {} })),
    );
    const accepted = answers.filter((r) => r.status === 200).length;
    const refused = answers.filter((r) => r.status === 422);
    console.log(
      `[postgres, 2 instances] coupon limit ${LIMIT}: ${ATTEMPTS} confirms at once → ${accepted} accepted, ${refused.length} refused`,
    );
    expect(accepted).toBe(LIMIT);
    expect(refused).toHaveLength(ATTEMPTS - LIMIT);
    expect(new Set(refused.map((r) => r.errors[0]?.message))).toEqual(
      new Set(['Este cupom atingiu o limite de usos.']),
    );
    const [uses] = await dbB.query<{ n: number }>(
      `select count(*)::int as n from orders where coupon_id = $1 and status in (1, 2)`,
      [coupon.id],
    );
    expect(uses?.n).toBe(LIMIT);

    // Turned off through instance B's pool: instance A's next apply refuses it, no wait.
    await changeCoupon(dbB, owner, coupon.id, couponBodyOf('TRESVEZES', { usageLimit: 50, active: false }));
    const late = await agentOrder(bases[0]!, product!.provider_id, 'slt-cupom');
    const refusedNow = await call(bases[0]!, 'POST', '/api/order/coupon/?coupon=TRESVEZES', { code: late });
    expect(refusedNow.status).toBe(422);
    expect(refusedNow.errors[0]?.message).toBe('Este cupom não está ativo.');
  });
});
