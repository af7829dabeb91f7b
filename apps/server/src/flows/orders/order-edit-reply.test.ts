/**
 * WhatsApp's reply buttons on a proposal (issue 34, decision 0053): the proposal's message carries 'Aceitar' /
 * 'Recusar'; a tap from the order's contact answers it through the same step as the link's page and the outcome
 * goes back on the chat; someone else's tap, or a second tap, changes nothing. Both databases.
 */
import { expect, it } from 'vitest';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { editableOrder } from '../../test/order-edit-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { whatsAppWebhookJobs, WHATSAPP_WEBHOOK_JOB } from '../messages/whatsapp-webhook.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb("order edits: WhatsApp's 'Aceitar' / 'Recusar' reply buttons (issue 34)", (ctx) => {
  it('the contact taps Aceitar: the edit applies once, the answer comes back; a stranger changes nothing', async () => {
    const { app, db } = ctx();
    const { owner, shop } = await shopWithOwner(app, 'botoes-edita');
    const phone = '5511955550101';
    const ana = await editableOrder(db, shop.id, { phone });
    await db.query(
      `insert into contact_identities (shop_id, channel_type, external_user_id, contact_id)
       select shop_id, 1, $2, contact_id from orders where id = $1 on conflict do nothing`,
      [ana.orderId, phone],
    );
    const url = `/api/console/shops/botoes-edita/orders/${ana.orderId}/edits`;
    const { version } = (await asStaff(app, owner, { url })).json().data;
    const proposed = await asStaff(app, owner, {
      method: 'POST',
      url,
      payload: { version, changes: [{ providerId: ana.milk.code, quantity: 2 }] },
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    const editId = proposed.json().data.id as string;
    const [message] = await db.query<{ payload: { parts: { text: string; replies?: unknown }[] } }>(
      `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
      [`order-edit:${editId}`],
    );
    expect(message!.payload.parts[1]).toEqual({
      text: 'Ou responda por aqui:',
      replies: [
        { id: `order-edit:accept:${editId}`, title: 'Aceitar' },
        { id: `order-edit:decline:${editId}`, title: 'Recusar' },
      ],
    });

    const tap = (from: string, id: string, answer = 'accept') =>
      whatsAppWebhookJobs(db)[WHATSAPP_WEBHOOK_JOB]!(
        {
          shopId: shop.id,
          field: 'messages',
          value: {
            messages: [
              {
                from,
                id,
                timestamp: '1764400000',
                type: 'interactive',
                interactive: {
                  type: 'button_reply',
                  button_reply: { id: `order-edit:${answer}:${editId}`, title: 'Aceitar' },
                },
              },
            ],
          },
        },
        { outboxId: 'obx_test' },
      );
    const order = async () =>
      (
        await db.query<{ total_cents: number; version: number }>(
          'select total_cents, version from orders where id = $1',
          [ana.orderId],
        )
      )[0]!;
    const answers = async () =>
      (
        await db.query<{ text: string }>(
          `select payload->'parts'->0->>'text' as text from outbox
            where type = 'order-edit-answer' and order_id = $1 order by created_at, id`,
          [ana.orderId],
        )
      ).map((row) => plain(row.text));

    // Someone else's number: ignored, nothing changes, nothing sent.
    expect(await tap('5511900000000', 'wamid.stranger')).toContain('ignorada');
    expect(await order()).toEqual({ total_cents: 1000, version });
    expect(await answers()).toEqual([]);

    await tap(phone, 'wamid.accept');
    expect(await order()).toEqual({ total_cents: 2000, version: version + 1 });
    const [row] = await db.query<{ state: string; decided_by: string }>(
      'select state, decided_by from order_edits where id = $1',
      [editId],
    );
    expect(row).toEqual({ state: 'accepted', decided_by: 'contact' });
    // A second tap ('Recusar' after accepting): refused in pt-BR, said on the chat, nothing changes.
    await tap(phone, 'wamid.decline', 'decline');
    expect(await order()).toEqual({ total_cents: 2000, version: version + 1 });
    expect(await answers()).toEqual([
      expect.stringMatching(/^Alteração aceita: seu pedido nº \d+ agora é de R\$ 20,00\.$/),
      'Esta alteração já foi aceita.',
    ]);
  });
});
