/** Helpers of the checkout suites: demo + checkout seed, fixture products, an HTTP caller per session. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import type { Db } from '../../db/client.ts';
import { seedCheckoutDemo } from '../../db/seed/checkout.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { insertFixtureProduct, shopId } from '../order/order-test-kit.ts';

export const VALID_CPF = '529.982.247-25';
export const VALID_CNPJ = '11.222.333/0001-81';
export { PAULISTA_ADDRESS } from './paulista-address.ts';

/** Demo shops, checkout data, a R$ 20,00 fixture product per demo shop and test coupons. */
export async function seedCheckoutSuite(db: Db): Promise<void> {
  await seedDemo(db);
  await seedCheckoutDemo(db);
  for (const slug of ['hortifruti', 'moda']) {
    const shop = await shopId(db, slug);
    await insertFixtureProduct(db, shop, { providerId: 'CK-20', priceCents: 2000 });
    const restricted = await insertFixtureProduct(db, shop, { providerId: 'CK-RS', priceCents: 1000 });
    await db.query('update products set has_shipping_restriction = true where id = $1', [restricted]);
    await db.query(
      `insert into coupons (id, shop_id, code, kind, value, min_order_cents, valid_from, valid_until, usage_limit,
         per_customer_limit)
       values ($1, $2, 'VENCIDO', 'fixed', 500, 0, null, now() - interval '1 day', null, null),
              ($3, $2, 'ESGOTADO', 'fixed', 500, 0, null, null, 1, null),
              ($4, $2, 'DEZ', 'percentage', 10, 5000, null, null, null, null)`,
      [`cpn-${slug}-vencido`, shop, `cpn-${slug}-esgotado`, `cpn-${slug}-dez`],
    );
    await db.query(
      `insert into price_table_prices (price_table_id, product_id, shop_id, price_cents)
       select $1, id, shop_id, 1500 from products where shop_id = $2 and provider_id = 'CK-20'
       on conflict (price_table_id, product_id) where variant_id is null do update set price_cents = 1500`,
      [`ptb-${slug}-atacado`, shop],
    );
  }
}

export type Res = {
  status: number;
  body: { data: Order & Record<string, unknown>; errors: { message: string }[] };
};

/** Calls of one session: `call(method, url, payload)` plus shortcuts that expect 200. */
export function session(app: FastifyInstance, code: string) {
  const headers = { authorization: `Bearer ${code}` };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Res> => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const okCall = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await call(method, url, payload);
    expect(res.status, `${url}: ${JSON.stringify(res.body.errors)}`).toBe(200);
    return res.body.data;
  };
  return { call, okCall };
}

/** The first error message of a response. */
export const message = (res: Res) => res.body.errors[0]?.message;
