import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { insertShop } from '../../test/fixtures.ts';
import type { Db } from '../../db/client.ts';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { startFakeHttpServer, type FakeHttpServer } from '../../adapters/channels/fake-http-server.ts';
import { EVENT_ID_HEADER, verifySignature } from '../../adapters/channels/webhook-signature.ts';
import { guardedFetch } from '../../adapters/public-address.ts';
import { databaseRegistry, saveShopChannel } from '../messaging/channel-registry.ts';
import { mintSession } from '../order/order-test-kit.ts';
import { enqueueEvent, enqueueMessage } from './enqueue.ts';
import { claimDue } from './repository.ts';
import { drainOutbox } from './worker.ts';

let hooks: FakeHttpServer;
beforeAll(async () => {
  hooks = await startFakeHttpServer();
});
afterAll(() => hooks.close());

let counter = 0;
async function queue(db: Db, shopId: string, text = `mensagem ${++counter}`) {
  return db.transaction((tx) =>
    enqueueMessage(tx, {
      shopId,
      type: 'catalog',
      orderId: null,
      userId: 'ctc_test',
      channel: 'whatsapp',
      recipient: '5511900000000',
      contactId: null,
      parts: [{ text }],
      contentKey: text,
      idempotencyKey: null,
    }),
  );
}
const statusOf = async (db: Db, id: string) =>
  (
    await db.query<{ status: string; attempts: number; last_error: string | null }>(
      'select status, attempts, last_error from outbox where id = $1',
      [id],
    )
  )[0]!;

describeEachDb(
  'outbox delivery',
  (ctx) => {
    const shop = async () =>
      (await ctx().db.query<{ id: string }>("select id from shops where slug = 'outbox-shop'"))[0]!.id;

    it('a channel failing 3 times then succeeding delivers once, after 4 attempts', async () => {
      const { db } = ctx();
      const { messageId } = await queue(db, await shop());
      const registry = fakeRegistry();
      registry.failNext(3);
      const result = await drainOutbox(db, registry, { retryBaseMs: 0 });
      expect(result).toEqual({ sent: 1, retried: 3, failed: 0 });
      expect(registry.delivered).toHaveLength(1);
      expect(await statusOf(db, messageId)).toMatchObject({ status: 'sent', attempts: 4 });
      expect((await drainOutbox(db, registry, { retryBaseMs: 0 })).sent).toBe(0);
      expect(registry.delivered).toHaveLength(1);
    });

    it('marks the row failed after the last attempt, with the error recorded', async () => {
      const { db } = ctx();
      const { messageId } = await queue(db, await shop());
      const registry = fakeRegistry();
      registry.failNext(50);
      await drainOutbox(db, registry, { retryBaseMs: 0, maxAttempts: 5 });
      expect(await statusOf(db, messageId)).toMatchObject({
        status: 'failed',
        attempts: 5,
        last_error: 'canal de teste indisponível',
      });
      registry.failNext(0);
      expect(registry.delivered).toHaveLength(0);
    });

    it('a row left "sending" by a killed worker is delivered after its lease expires, not before', async () => {
      const { db } = ctx();
      const { messageId } = await queue(db, await shop());
      const [claimed] = await claimDue(db, 'killed-worker', 10, 60_000, false);
      expect(claimed?.id).toBe(messageId);
      const registry = fakeRegistry();
      expect((await drainOutbox(db, registry)).sent).toBe(0); // lease still held
      await db.query("update outbox set lease_until = now() - interval '1 second' where id = $1", [
        messageId,
      ]);
      expect((await drainOutbox(db, registry)).sent).toBe(1);
      expect(registry.delivered).toHaveLength(1);
      expect(await statusOf(db, messageId)).toMatchObject({ status: 'sent', attempts: 2 });
    });

    it('semi-automatic events are signed webhooks with a stable event id; a replay queues nothing new', async () => {
      const { app, db, config } = ctx();
      const shopId = await shop();
      await saveShopChannel(
        db,
        config.messaging.credentialsKey!,
        shopId,
        'webhook',
        { url: `${hooks.url}/bot` },
        'whsec_outbox_0123',
      );
      const agent = await mintSession(app, { shop: 'outbox-shop', agent: true });
      const toggle = () =>
        app.inject({
          method: 'POST',
          url: '/api/order/semiautomatic',
          headers: { authorization: `Bearer ${agent}`, 'idempotency-key': 'toggle-key-001' },
        });
      const first = await toggle();
      expect(first.json().data.isInSemiAutomatic).toBe(true);
      expect((await toggle()).json().data.isInSemiAutomatic).toBe(true); // retried: no second toggle

      const events = await db.query<{ id: string; type: string; dedupe_key: string; order_id: string }>(
        "select id, type, dedupe_key, order_id from outbox where shop_id = $1 and kind = 'event'",
        [shopId],
      );
      expect(events.map((e) => e.type)).toEqual(['order.semiautomatic.on']);
      const replay = await db.transaction((tx) =>
        enqueueEvent(
          tx,
          shopId,
          'order.semiautomatic.on',
          {},
          events[0]!.dedupe_key.replace(/^event:/, ''),
          events[0]!.order_id,
        ),
      );
      expect(replay).toMatchObject({ messageId: events[0]!.id, duplicate: true });

      hooks.respond({ status: 502, body: {} }, { status: 200, body: { ok: true } });
      hooks.requests.length = 0;
      await drainOutbox(db, databaseRegistry(db, config.messaging), { retryBaseMs: 0 });
      expect(hooks.requests).toHaveLength(2);
      for (const request of hooks.requests) {
        expect(request.path).toBe('/bot');
        expect(request.headers[EVENT_ID_HEADER]).toBe(events[0]!.id);
        expect(verifySignature('whsec_outbox_0123', request.headers, request.raw)).toBe(true);
        expect(request.json).toMatchObject({
          type: 'event',
          id: events[0]!.id,
          event: 'order.semiautomatic.on',
          data: {
            order: { isInSemiAutomatic: true },
            actor: { type: 'agent' },
            conversation: { channelType: 1 },
          },
        });
      }
      const off = await app.inject({
        method: 'POST',
        url: '/api/order/semiautomatic',
        headers: { authorization: `Bearer ${agent}` },
        payload: { isInSemiAutomatic: false },
      });
      expect(off.json().data.isInSemiAutomatic).toBe(false);
      const secretAtRest = await db.query<{ secret_enc: string }>(
        'select secret_enc from shop_channels where shop_id = $1',
        [shopId],
      );
      expect(secretAtRest[0]!.secret_enc).not.toContain('whsec_outbox_0123');
    });

    it('two workers never deliver the same row twice (PostgreSQL: for update skip locked)', async () => {
      const { db, kind } = ctx();
      const shopId = await shop();
      await drainOutbox(db, fakeRegistry(), { retryBaseMs: 0 }); // rows left by earlier tests
      const ids = new Set<string>();
      for (let i = 0; i < 30; i++) ids.add((await queue(db, shopId)).messageId);
      const registry = fakeRegistry();
      const slowRegistry = {
        ...registry,
        channel: async (id: string) => {
          const adapter = await registry.channel(id);
          return {
            ...adapter,
            kind: adapter.kind,
            maxTextLength: 4096,
            send: async (m: Parameters<typeof adapter.send>[0]) => {
              await new Promise((resolve) => setTimeout(resolve, kind === 'postgres' ? 3 : 0));
              return adapter.send(m);
            },
          };
        },
      };
      const [a, b] = await Promise.all([
        drainOutbox(db, slowRegistry, { owner: 'worker-a' }),
        drainOutbox(db, slowRegistry, { owner: 'worker-b' }),
      ]);
      expect(a.sent + b.sent).toBe(30);
      const delivered = registry.delivered.map((d) => (d.kind === 'message' ? d.message.dedupeId : ''));
      expect(new Set(delivered).size).toBe(30);
      expect(delivered).toHaveLength(30);
      if (kind === 'postgres') expect(a.sent > 0 && b.sent > 0).toBe(true);
      expect([...ids].every((id) => delivered.includes(`${id}:0`))).toBe(true);
    });

    it('in production an event whose webhook name resolves to a private address fails at once, unsent', async () => {
      const { db, config } = ctx();
      const shopId = await insertShop(db, 'outbox-ssrf');
      const url = `http://bot.example.com:${new URL(hooks.url).port}/bot?token=segredo`;
      await saveShopChannel(
        db,
        config.messaging.credentialsKey!,
        shopId,
        'webhook',
        { url },
        'whsec_ssrf_0123',
      );
      const { messageId } = await db.transaction((tx) =>
        enqueueEvent(tx, shopId, 'order.semiautomatic.on', {}, 'ssrf-1'),
      );
      hooks.requests.length = 0;
      const production = { ...config.messaging, privateWebhooks: false };
      // The name resolves to 127.0.0.1 when the connection is opened (a rebinding answer): refused there.
      const toLoopback = guardedFetch({
        allowPrivate: false,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      await drainOutbox(db, databaseRegistry(db, production, toLoopback), { retryBaseMs: 0 });
      const row = await statusOf(db, messageId);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.last_error).toContain('rede interna');
      expect(row.last_error).not.toMatch(/bot\.example|segredo/);
      expect(hooks.requests).toHaveLength(0);
    });
  },
  { setup: async (db) => void (await insertShop(db, 'outbox-shop')) },
);
