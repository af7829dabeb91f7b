/**
 * The WhatsApp receiver (issue 33, item 9) fed with Meta's own reference: every webhook example of the Business
 * Messaging OpenAPI v23.0 (`POST /whatsapp/webhooks` examples), and status payloads checked against its
 * `StatusMessageValue` schema before they are sent. Bad input never gets a 5xx. (The document's own examples do not
 * pass its `WebhookPayload` schema — it types inbound messages with the outbound `Message` shape — so they are fed
 * as Meta publishes them, not validated.)
 */
import { expect, it } from 'vitest';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { signedHeaders } from '../../adapters/channels/webhook-signature.ts';
import { hubSignature } from '../../adapters/channels/whatsapp-webhook.ts';
import { whatsAppWebhookJobs } from '../../flows/messages/whatsapp-webhook.ts';
import { saveShopChannel } from '../../modules/messaging/channel-registry.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { insertShop } from '../../test/fixtures.ts';
import { loadMetaReference } from '../../test/meta-reference.ts';
import { describeEachDb, testConfig, type TestContext } from '../../test/test-app.ts';

const meta = loadMetaReference();
const statusValue = meta.schema('StatusMessageValue');
const APP_SECRET = 'meta-app-secret-123';
const VERIFY = 'verify-token-456';
const NUMBER = '106540352242922'; // the phone_number_id of Meta's examples
const CHATBOT_SECRET = 'chatbot-signing-secret-789';

async function shopWithNumber(c: TestContext) {
  const shop = await insertShop(c.db, `wa-${Math.random().toString(36).slice(2, 8)}`);
  await c.db.query(`delete from shop_channels where kind = 'whatsapp' and config->>'phoneNumberId' = $1`, [
    NUMBER,
  ]);
  const key = c.config.messaging.credentialsKey!;
  await saveShopChannel(c.db, key, shop, 'whatsapp', { phoneNumberId: NUMBER }, 'EAAG-token');
  await saveShopChannel(c.db, key, shop, 'webhook', { url: 'https://chatbot.test/hook' }, CHATBOT_SECRET);
  return shop;
}

function post(
  c: TestContext,
  body: string,
  headers: Record<string, string> = {},
  url = '/api/webhooks/whatsapp',
) {
  return c.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': hubSignature(APP_SECRET, body),
      ...headers,
    },
    payload: body,
  });
}

const drain = (c: TestContext) =>
  drainOutbox(c.db, fakeRegistry(), {
    retryBaseMs: 0,
    links: { publicUrl: 'http://vitrine.test', sessionTtlMs: c.config.sessionTtlMs },
    jobs: whatsAppWebhookJobs(c.db),
  });

function statusPayload(statuses: object[]) {
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550783881', phone_number_id: NUMBER },
    statuses,
  };
  expect(statusValue(value), JSON.stringify(statusValue.errors?.slice(0, 3))).toBe(true);
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: '419561257915477', changes: [{ field: 'messages', value }] }],
  });
}

/** A sent order message (two parts) and a plain one, as the outbox worker leaves them. */
async function sentMessages(c: TestContext, shop: string) {
  const order = {
    kind: 'details',
    referenceId: 'ord_x',
    headline: 'Pedido confirmado',
    items: [{ retailerId: 'SKU-1', name: 'Café', quantity: 1, amountCents: 100 }],
    subtotalCents: 100,
    shippingCents: 0,
    discountCents: 0,
    totalCents: 100,
    payment: { type: 'link', url: 'https://loja.test/pagar' },
  };
  const insert = (id: string, parts: object[], wamids: string) =>
    c.db.query(
      `insert into outbox (id, shop_id, kind, type, dedupe_key, content_hash, payload, status, provider_message_id,
         parts_done, sent_at)
       values ($1, $2, 'message', 'order-status', $1, 'h', $3, 'sent', $4, $5, now())`,
      [
        id,
        shop,
        JSON.stringify({ channel: 'whatsapp', recipient: '5511999990001', contactId: null, parts }),
        wamids,
        parts.length,
      ],
    );
  await insert(`obx_o${shop}`, [{ text: 'Pedido confirmado', order }], `wamid.ORDER${shop}`);
  await insert(`obx_p${shop}`, [{ text: 'Olá' }, { text: 'Tudo bem?' }], `wamid.P1${shop},wamid.P2${shop}`);
  return { orderRow: `obx_o${shop}`, plainRow: `obx_p${shop}` };
}

const delivery = async (c: TestContext, id: string) =>
  (
    await c.db.query<{ delivery_status: string | null; delivery_error: string | null }>(
      'select delivery_status, delivery_error from outbox where id = $1',
      [id],
    )
  )[0];

describeEachDb(
  'WhatsApp webhooks',
  (ctx) => {
    it('GET verification answers hub.challenge only for our verify token', async () => {
      const get = (query: string) => ctx().app.inject({ url: `/api/webhooks/whatsapp?${query}` });
      const good = await get(`hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
      expect(good.statusCode).toBe(200);
      expect(good.body).toBe('1158201444');
      for (const bad of [
        `hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1`,
        `hub.mode=unsubscribe&hub.verify_token=${VERIFY}&hub.challenge=1`,
        `hub.mode=subscribe&hub.challenge=1`,
        '',
      ]) {
        const res = await get(bad);
        expect(res.statusCode, bad).toBe(403);
        expect(res.json().errors[0].message).toBe(
          'Verificação do webhook do WhatsApp recusada: confira o token de verificação.',
        );
      }
    });

    it("every webhook example of Meta's OpenAPI document is received, queued and processed", async () => {
      await shopWithNumber(ctx());
      expect(meta.examples.length).toBe(16);
      let queued = 0;
      for (const { name, payload } of meta.examples) {
        const res = await post(ctx(), JSON.stringify(payload));
        expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
        queued += res.json().data.queued;
      }
      expect(queued).toBe(16);
      const result = await drain(ctx());
      // The 16 changes, and the sender of Meta's order example told that nothing could be placed: this shop sells
      // none of its products (decision 0054), once.
      expect(result).toMatchObject({ sent: 17, failed: 0 });
      const told = await ctx().db.query<{ dedupe_key: string }>(
        `select dedupe_key from outbox where kind = 'message' and dedupe_key like 'whatsapp-order-not-placed:%'`,
      );
      expect(told).toHaveLength(1);
      // Meta retries a delivery it thinks failed: the same change is queued once.
      const again = await post(ctx(), JSON.stringify(meta.examples[0]!.payload));
      expect(again.statusCode).toBe(200);
      expect((await drain(ctx())).sent).toBe(0);
    });

    it('statuses are recorded on the outbox row, forward only; 131047 on an order message queues the template once', async () => {
      const shop = await shopWithNumber(ctx());
      const { orderRow, plainRow } = await sentMessages(ctx(), shop);
      const at = String(Math.floor(Date.now() / 1000));
      const st = (id: string, status: string, extra: object = {}) => ({
        id,
        status,
        timestamp: at,
        recipient_id: '5511999990001',
        ...extra,
      });
      const failed = st(`wamid.ORDER${shop}`, 'failed', {
        errors: [{ code: 131047, title: 'Re-engagement message', message: 'Re-engagement message' }],
      });
      for (const body of [
        statusPayload([st(`wamid.P2${shop}`, 'delivered'), st(`wamid.P1${shop}`, 'read')]),
        statusPayload([st(`wamid.P1${shop}`, 'sent', { biz_opaque_callback_data: `${plainRow}:0` })]),
        statusPayload([failed]),
        statusPayload([failed]),
        statusPayload([{ ...failed, timestamp: String(Number(at) + 1) }]),
        statusPayload([st('wamid.NEVER-SENT', 'delivered')]),
      ]) {
        expect((await post(ctx(), body)).statusCode).toBe(200);
      }
      const drained = await drain(ctx());
      const errs = await ctx().db.query(
        'select type, last_error from outbox where shop_id = $1 and status = $2',
        [shop, 'failed'],
      );
      expect(drained.failed, JSON.stringify(errs)).toBe(0);
      expect(await delivery(ctx(), plainRow)).toEqual({ delivery_status: 'read', delivery_error: null });
      expect(await delivery(ctx(), orderRow)).toEqual({
        delivery_status: 'failed',
        delivery_error: '131047 Re-engagement message',
      });
      const templates = await ctx().db.query<{ payload: { templateOnly?: boolean }; status: string }>(
        `select payload, status from outbox where shop_id = $1 and dedupe_key = $2`,
        [shop, `template:${orderRow}`],
      );
      expect(templates).toHaveLength(1);
      expect(templates[0]!.payload.templateOnly).toBe(true);
      expect(templates[0]!.status).toBe('sent');
    });

    it('the chatbot platform may forward the same payloads, signed with its signing secret', async () => {
      const shop = await shopWithNumber(ctx());
      const { plainRow } = await sentMessages(ctx(), shop);
      const body = statusPayload([
        {
          id: `wamid.P1${shop}`,
          status: 'delivered',
          timestamp: '1750000000',
          recipient_id: '5511999990001',
        },
      ]);
      const url = `/api/webhooks/whatsapp/chatbot/${shop}`;
      const forwarded = await post(ctx(), body, signedHeaders(CHATBOT_SECRET, 'evt_1', body), url);
      expect(forwarded.statusCode, forwarded.body).toBe(200);
      expect(forwarded.json().data).toEqual({ queued: 1, ignored: 0 });
      await drain(ctx());
      expect((await delivery(ctx(), plainRow))?.delivery_status).toBe('delivered');
      expect((await post(ctx(), body, signedHeaders('another-secret', 'evt_2', body), url)).statusCode).toBe(
        401,
      );
      expect(
        (
          await post(
            ctx(),
            body,
            signedHeaders(CHATBOT_SECRET, 'evt_3', body),
            '/api/webhooks/whatsapp/chatbot/shp_none',
          )
        ).statusCode,
      ).toBe(401);
    });

    it('bad input is a 4xx or a logged no-op, never a 5xx', async () => {
      await shopWithNumber(ctx());
      const body = statusPayload([{ id: 'wamid.X', status: 'sent', timestamp: '1', recipient_id: '1' }]);
      const answers = {
        badSignature: (
          await post(ctx(), body, { 'x-hub-signature-256': hubSignature('not-the-secret', body) })
        ).statusCode,
        noSignature: (
          await ctx().app.inject({
            method: 'POST',
            url: '/api/webhooks/whatsapp',
            payload: body,
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
        fiveMegabytes: (await post(ctx(), `{"object":"${'x'.repeat(5 * 1024 * 1024)}"}`)).statusCode,
        malformedJson: (await post(ctx(), '{"object": "whatsapp_business_account", entry: [')).statusCode,
        notWhatsApp: (await post(ctx(), JSON.stringify({ object: 'page', entry: [] }))).statusCode,
        unknownNumber: await post(ctx(), body.replaceAll(NUMBER, '999999999999999')),
      };
      expect(answers).toMatchObject({
        badSignature: 401,
        noSignature: 401,
        fiveMegabytes: 413,
        malformedJson: 400,
        notWhatsApp: 400,
      });
      expect(answers.unknownNumber.statusCode).toBe(200);
      expect(answers.unknownNumber.json().data).toEqual({ queued: 0, ignored: 1 });
    });
  },
  {
    config: {
      messaging: { ...testConfig().messaging, whatsappVerifyToken: VERIFY, whatsappAppSecret: APP_SECRET },
    },
  },
);
