/**
 * WhatsApp usernames (issue 33): Meta may name a contact by a business-scoped user id (`user_id`, e.g. `BR.…`)
 * without its phone (`wa_id`). A contact is keyed on (channel, external user id), phone optional: the platform API
 * opens a session for a contact known only by `userId`, the order look-up takes `userId`, and a later session or
 * webhook message carrying both links them to one contact.
 */
import { expect, it } from 'vitest';
import { hubSignature } from '../../adapters/channels/whatsapp-webhook.ts';
import { fakeRegistry } from '../../adapters/channels/fake-channel.ts';
import { whatsAppWebhookJobs } from '../../flows/messages/whatsapp-webhook.ts';
import { saveShopChannel } from '../../modules/messaging/channel-registry.ts';
import { drainOutbox } from '../../modules/outbox/worker.ts';
import { shopId } from '../../modules/order/order-test-kit.ts';
import { seedPaymentSuite } from '../../modules/payment/payment-test-kit.ts';
import { describeEachDb, testConfig, TEST_PLATFORM_KEY, type TestContext } from '../../test/test-app.ts';

const APP_SECRET = 'meta-app-secret-bsuid';

async function session(c: TestContext, contact: Record<string, string>) {
  const res = await c.app.inject({
    method: 'POST',
    url: '/api/platform/sessions',
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
    payload: { shop: 'hortifruti', sessionType: 'contact', channelType: 'whatsapp', contact },
  });
  return res;
}

async function placedOrder(c: TestContext, contactId: string) {
  const shop = await shopId(c.db, 'hortifruti');
  const id = `ord_bsuid_${contactId.slice(-6)}`;
  await c.db.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
       checkout, confirmed_at) values ($1, $2, $3, $3, 1, 1, 1000, 1000, '{"paymentMethod": 1}', now())`,
    [id, shop, contactId],
  );
  return id;
}

const lookUp = async (c: TestContext, query: string) => {
  const res = await c.app.inject({
    url: `/api/platform/shops/hortifruti/orders?${query}`,
    headers: { authorization: `Bearer ${TEST_PLATFORM_KEY}` },
  });
  return { status: res.statusCode, body: res.json() };
};

const contactsNamed = (c: TestContext, name: string) =>
  c.db.query<{ id: string; phone: string | null }>(`select id, phone from contacts where name = $1`, [name]);

describeEachDb(
  'contacts keyed on (channel, user id): WhatsApp usernames',
  (ctx) => {
    it('a contact known only by userId gets a session and its orders; a later session with both links the phone', async () => {
      const first = await session(ctx(), { name: 'Usuária BSUID', userId: 'BR.7f3a9c01' });
      expect(first.statusCode, first.body).toBe(201);
      const [contact] = await contactsNamed(ctx(), 'Usuária BSUID');
      expect(contact).toMatchObject({ phone: null });
      const orderId = await placedOrder(ctx(), contact!.id);

      const byUser = await lookUp(ctx(), 'userId=BR.7f3a9c01');
      expect(byUser.status, JSON.stringify(byUser.body)).toBe(200);
      expect(byUser.body.data.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
      expect((await lookUp(ctx(), 'userId=BR.someone-else')).body.data.orders).toEqual([]);

      // The same user, now with the phone too: the same contact, which gains the phone.
      const second = await session(ctx(), {
        name: 'Usuária BSUID',
        userId: 'BR.7f3a9c01',
        phone: '11966660001',
      });
      expect(second.statusCode).toBe(201);
      expect(await contactsNamed(ctx(), 'Usuária BSUID')).toEqual([
        { id: contact!.id, phone: '11966660001' },
      ]);
      const byPhone = await lookUp(ctx(), 'phone=11966660001');
      expect(byPhone.body.data.orders.map((o: { id: string }) => o.id)).toEqual([orderId]);
    });

    it('neither phone nor userId is a pt-BR 400', async () => {
      const res = await session(ctx(), { name: 'Sem nada' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Informe o telefone ou o identificador do usuário (userId) do contato.');
      const look = await lookUp(ctx(), '');
      expect(look.status).toBe(400);
    });

    it('a webhook message carrying both user_id and wa_id links the user to the phone contact', async () => {
      expect((await session(ctx(), { name: 'Cliente Telefone', phone: '5511955550001' })).statusCode).toBe(
        201,
      );
      const [byPhone] = await contactsNamed(ctx(), 'Cliente Telefone');
      const shop = await shopId(ctx().db, 'hortifruti');
      await saveShopChannel(
        ctx().db,
        ctx().config.messaging.credentialsKey!,
        shop,
        'whatsapp',
        { phoneNumberId: '555000111' },
        'EAAG-x',
      );
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '5511900000000', phone_number_id: '555000111' },
                  contacts: [
                    { profile: { name: 'Cliente' }, wa_id: '5511955550001', user_id: 'BR.linkme42' },
                  ],
                  messages: [
                    {
                      from: '5511955550001',
                      id: 'wamid.in1',
                      timestamp: '1750000000',
                      type: 'text',
                      text: { body: 'oi' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks/whatsapp',
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': hubSignature(APP_SECRET, body),
        },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      await drainOutbox(ctx().db, fakeRegistry(), { retryBaseMs: 0, jobs: whatsAppWebhookJobs(ctx().db) });
      // Now a session by userId alone is that same contact.
      expect((await session(ctx(), { name: 'Cliente Telefone', userId: 'BR.linkme42' })).statusCode).toBe(
        201,
      );
      expect(await contactsNamed(ctx(), 'Cliente Telefone')).toEqual([
        { id: byPhone!.id, phone: '5511955550001' },
      ]);
    });
  },
  {
    setup: seedPaymentSuite,
    config: {
      messaging: { ...testConfig().messaging, whatsappAppSecret: APP_SECRET, whatsappVerifyToken: null },
    },
  },
);
