/**
 * Orders from WhatsApp's own catalogue (issue 35), the tests' fixtures: Meta's 'Order Message' webhook example, a
 * shop on its number selling its two retailer ids (a product with counted stock and a variant's SKU), signed
 * deliveries and the outbox drained as the worker would.
 */
import { expect } from 'vitest';
import { fakeRegistry } from '../adapters/channels/fake-channel.ts';
import { hubSignature } from '../adapters/channels/whatsapp-webhook.ts';
import type { Db } from '../db/client.ts';
import { whatsAppWebhookJobs } from '../flows/messages/whatsapp-webhook.ts';
import { newId } from '../lib/ids.ts';
import { saveShopChannel } from '../modules/messaging/channel-registry.ts';
import { drainOutbox } from '../modules/outbox/worker.ts';
import { insertShop } from './fixtures.ts';
import { loadMetaReference } from './meta-reference.ts';
import type { TestContext } from './test-app.ts';

/** What the fixtures need of a server: one in-process app and its database (one of two instances too). */
export type Ctx = Pick<TestContext, 'app' | 'db' | 'config'>;

export const APP_SECRET = 'meta-app-secret-cat';
export const NUMBER = '106540352242922'; // the phone_number_id of Meta's examples
export const orderExample = loadMetaReference().examples.find((e) => e.name === 'Order Message')!.payload as {
  entry: { changes: { value: Record<string, unknown> & { messages: Record<string, unknown>[] } }[] }[];
};
export const exampleValue = () => structuredClone(orderExample.entry[0]!.changes[0]!.value);
export const SENDER = '16505551234';

export async function product(db: Db, shop: string, code: string, priceCents: number, stock?: number) {
  const id = newId('prd');
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents) values ($1, $2, $3, $3, $4, $5)`,
    [id, shop, code, `Produto ${code}`, priceCents],
  );
  if (stock !== undefined) {
    await db.query('insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)', [
      id,
      shop,
    ]);
    await db.query(
      `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
       values ($1, $2, $2, 'adjustment', $3, 'staff', 'Contagem')`,
      [shop, id, stock],
    );
  }
  return id;
}

/** A shop on Meta's example number selling the example's two retailer ids: a product and a variant's SKU. */
export async function exampleShop(c: Ctx) {
  const shop = await insertShop(c.db, `cat-${Math.random().toString(36).slice(2, 8)}`);
  await c.db.query(`delete from shop_channels where kind = 'whatsapp' and config->>'phoneNumberId' = $1`, [
    NUMBER,
  ]);
  await saveShopChannel(
    c.db,
    c.config.messaging.credentialsKey!,
    shop,
    'whatsapp',
    { phoneNumberId: NUMBER },
    't',
  );
  const coffee = await product(c.db, shop, 'di9ozbzfi4', 1290, 5);
  const shirt = await product(c.db, shop, 'camiseta', 0);
  await c.db.query(
    `insert into product_variants (id, shop_id, product_id, provider_id, sku, options, price_cents)
     values ($1, $2, $3, 'm-azul', 'nqryix03ez', '{}', 4990)`,
    [newId('var'), shop, shirt],
  );
  return { shop, coffee };
}

export const post = (c: Ctx, body: string, signature = hubSignature(APP_SECRET, body)) =>
  c.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: body,
  });

export const bodyOf = (value: object) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '419561257915477', changes: [{ field: 'messages', value }] }],
  });

/** Runs the queued jobs and messages; what the contact received (the fake channel's deliveries). */
export async function drain(c: Ctx) {
  const registry = fakeRegistry();
  await drainOutbox(c.db, registry, {
    retryBaseMs: 0,
    links: { publicUrl: 'http://vitrine.test', sessionTtlMs: c.config.sessionTtlMs },
    jobs: whatsAppWebhookJobs(c.db),
  });
  const failed = await c.db.query(`select type, last_error from outbox where status = 'failed'`);
  expect(failed).toEqual([]);
  return registry.delivered.flatMap((d) => (d.kind === 'message' ? [d.message.part] : []));
}

export const placedOrders = (c: Ctx, shop: string) =>
  c.db.query<{ id: string; status: number; total_cents: number; contact_id: string }>(
    'select id, status, total_cents, contact_id from orders where shop_id = $1 and confirmed_at is not null',
    [shop],
  );

export const held = async (c: Ctx, unit: string) =>
  (await c.db.query<{ held: number }>('select held from stock_levels where unit_id = $1', [unit]))[0]?.held ??
  0;

/** A message of the example's sender with these items (BRL unless said). */
export function orderValue(id: string, items: object[]) {
  const value = exampleValue();
  value.messages = [
    { ...value.messages[0]!, id, order: { catalog_id: '1', text: '', product_items: items } },
  ];
  return value;
}
