/** Test helpers of the order and product suites: demo seed with gifts, fixture products, sessions, calls. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { newId } from '../../lib/ids.ts';
import { TEST_PLATFORM_KEY } from '../../test/test-app.ts';
import { createAnonymousSession } from '../session/service.ts';

/** Demo shops (seedDemo includes their gift rules). */
export async function seedDemoWithGifts(db: Db): Promise<void> {
  await seedDemo(db);
}

export async function shopId(db: Queryable, slug: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('select id from shops where slug = $1', [slug]);
  if (!row) throw new Error(`no shop ${slug}`);
  return row.id;
}

export type FixtureProduct = {
  providerId: string;
  priceCents: number;
  promotionalPriceCents?: number | null;
  kilo?: { amountInKilo: number; kilogramPriceCents: number };
  subscriptions?: { recurrenceType: number; frequency: number }[];
  isActive?: boolean;
  isRestrictedSale?: boolean;
};

/** Inserts a product with exact prices (money tests must not depend on the demo catalogue's prices). */
export async function insertFixtureProduct(db: Queryable, shop: string, p: FixtureProduct): Promise<string> {
  const id = newId('prd');
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents, promotional_price_cents, is_active,
       is_restricted_sale, sold_in_kilo, amount_in_kilo, kilogram_price_cents)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      id,
      shop,
      p.providerId,
      `SKU-${p.providerId}`,
      `Produto ${p.providerId}`,
      p.priceCents,
      p.promotionalPriceCents ?? null,
      p.isActive ?? true,
      p.isRestrictedSale ?? false,
      p.kilo !== undefined,
      p.kilo?.amountInKilo ?? null,
      p.kilo?.kilogramPriceCents ?? null,
    ],
  );
  for (const s of p.subscriptions ?? []) {
    await db.query(
      'insert into subscription_offers (id, shop_id, product_id, recurrence_type, frequency) values ($1, $2, $3, $4, $5)',
      [newId('sub'), shop, id, s.recurrenceType, s.frequency],
    );
  }
  return id;
}

let phoneCounter = 0;

/** Mints a session through the platform API; each call is a new contact unless `phone` is given. */
export async function mintSession(
  app: FastifyInstance,
  options: { shop?: string; agent?: boolean; channel?: string; phone?: string } = {},
): Promise<string> {
  const phone = options.phone ?? `1190000${String(++phoneCounter).padStart(4, '0')}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/platform/sessions',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: {
      shop: options.shop ?? 'hortifruti',
      sessionType: options.agent ? 'agent' : 'contact',
      channelType: options.channel ?? 'whatsapp',
      contact: { name: 'Cliente Teste', phone },
      ...(options.agent ? { agent: { name: 'Ana' } } : {}),
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.code as string;
}

/** An anonymous session, optionally moved to another channel (anonymous sessions are WebChat by default). */
export async function anonymousSession(db: Db, shop: string, channelType?: number): Promise<string> {
  const issued = await createAnonymousSession(db, 60_000, shop);
  if (channelType !== undefined) {
    await db.query('update sessions set channel_type = $2 where id = $1', [issued.context.id, channelType]);
  }
  return issued.code;
}

export type Caller = {
  current: () => Promise<Order>;
  setItem: (
    body: object,
  ) => Promise<{ status: number; body: { data: Order; errors: { message: string }[] } }>;
  item: (body: object) => Promise<Order>;
  gift: (body: object) => Promise<{ status: number; body: { data: Order; errors: { message: string }[] } }>;
  confirm: () => Promise<{ status: number; body: { data: { order: Order; redirect: unknown } } & Errors }>;
};
type Errors = { errors: { code: string; message: string }[] };

/** Order API calls of one session. */
export function caller(app: FastifyInstance, code: string): Caller {
  const headers = { authorization: `Bearer ${code}` };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  return {
    current: async () => (await call('GET', '/api/order/current')).body.data,
    setItem: (body) => call('POST', '/api/order/items/', body),
    item: async (body) => {
      const res = await call('POST', '/api/order/items/', body);
      expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
      return res.body.data;
    },
    gift: (body) => call('POST', '/api/order/gift/', body),
    confirm: () => call('GET', '/api/order/confirm'),
  };
}

/** A demo product id of `shop` matching a SQL condition on `p` (first by provider id). */
export async function demoProduct(db: Queryable, shop: string, where: string): Promise<string> {
  const [row] = await db.query<{ provider_id: string }>(
    `select p.provider_id from products p join shops s on s.id = p.shop_id
      where s.slug = $1 and ${where} order by p.provider_id limit 1`,
    [shop],
  );
  if (!row) throw new Error(`no demo product in ${shop} where ${where}`);
  return row.provider_id;
}
