/** Helpers shared by the Tray test files: a fake Tray on 127.0.0.1, link payloads, sessions. */
import type { FastifyInstance } from 'fastify';
import type { TrayLinkBody } from '@vitrine/contracts/tray';
import { buildFakeCatalog } from '../../adapters/tray/fake-tray-catalog.ts';
import { FakeTrayServer } from '../../adapters/tray/fake-tray-server.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { testConfig, TEST_PLATFORM_KEY } from '../../test/test-app.ts';

/** Test config: demo Tray credentials (the fake accepts them) and a 5 ms first back-off instead of 1 s. */
export function trayTestConfig(): Partial<Config> {
  const base = testConfig();
  return { tray: { ...base.tray, retryBaseMs: 5 } };
}

/** A fake Tray store with `products` products, accepting the test config's consumer key and secret. */
export function startFakeTray(products: number, storeId?: string): Promise<FakeTrayServer> {
  const { tray } = testConfig();
  return FakeTrayServer.start({
    consumerKey: tray.consumerKey!,
    consumerSecret: tray.consumerSecret!,
    catalog: buildFakeCatalog(products),
    storeId,
  });
}

/** The callback page's payload for a fresh code of `fake`. */
export function linkBody(
  fake: FakeTrayServer,
  chatbotId: string,
  chatbotToken: string,
  code = fake.issueCode(),
): TrayLinkBody {
  return {
    admUser: 'admin',
    code,
    apiAddress: fake.apiAddress,
    storeHost: fake.origin,
    store: fake.storeId,
    chatbotId,
    chatbotToken,
  };
}

export async function postLink(app: FastifyInstance, body: TrayLinkBody) {
  const res = await app.inject({ method: 'POST', url: '/tray/link-store', payload: body });
  return { status: res.statusCode, body: res.json(), raw: res.body };
}

/** Issues a chatbot token for a shop through the platform API. */
export async function chatbotToken(app: FastifyInstance, shop: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/platform/chatbot-tokens',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: { shop },
  });
  if (res.statusCode !== 201) throw new Error(`chatbot token: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { token: string } }).data.token;
}

/** An agent (or contact) session code for a shop. */
export async function sessionCode(app: FastifyInstance, shop: string, type: 'agent' | 'contact' = 'agent') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/platform/sessions',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: {
      shop,
      sessionType: type,
      channelType: 'whatsapp',
      contact: { name: 'Ana', phone: '11988887777' },
    },
  });
  return (res.json() as { data: { code: string } }).data.code;
}

/** Row counts of everything a link writes, to check that a refused link wrote nothing. */
export async function trayCounts(db: Queryable) {
  const [row] = await db.query<Record<string, number>>(
    `select (select count(*)::int from tray_stores) as links, (select count(*)::int from tray_import_jobs) as jobs,
            (select count(*)::int from tray_auth_codes) as codes`,
  );
  return row!;
}

export async function shopProducts(db: Queryable, shop: string) {
  return db.query<{
    id: string;
    provider_id: string;
    price_cents: number;
    promotional_price_cents: number | null;
    is_active: boolean;
  }>(
    `select p.id, p.provider_id, p.price_cents, p.promotional_price_cents, p.is_active
       from products p join shops s on s.id = p.shop_id where s.slug = $1 order by p.provider_id`,
    [shop],
  );
}
