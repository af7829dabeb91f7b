import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { editableOrder } from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb(
  "order edits: a proposal not answered in the shop's hours (24 by default) expires (issue 34)",
  (ctx) => {
    it("the contact's link says it expired, staff see 'Expirada', accepting is 409 and nothing changes", async () => {
      const { app, db } = ctx();
      const { owner, shop } = await shopWithOwner(app, 'expira');
      const ana = await editableOrder(db, shop.id, { phone: '5511933330201' });
      const url = `/api/console/shops/expira/orders/${ana.orderId}/edits`;
      const contact = (editId: string, answer?: 'accept' | 'decline') =>
        app.inject({
          method: answer ? 'POST' : 'GET',
          url: `/api/order/edits/${editId}${answer ? `/${answer}` : ''}`,
          headers: { authorization: `Bearer ${ana.contactCode}` },
        });
      const propose = async (hoursAgo: number, quantity = 1) => {
        const { version } = (await asStaff(app, owner, { url })).json().data;
        const res = await asStaff(app, owner, {
          method: 'POST',
          url,
          payload: { version, changes: [{ providerId: ana.milk.code, quantity }] },
        });
        expect(res.statusCode, res.body).toBe(200);
        const id = res.json().data.id as string;
        // The proposal made `hoursAgo` hours ago (the database's clock decides, as in production).
        await db.query(
          `update order_edits set created_at = now() - make_interval(hours => $2) where id = $1`,
          [id, hoursAgo],
        );
        return id;
      };
      const order = async () =>
        (
          await db.query<{ total_cents: number; version: number }>(
            'select total_cents, version from orders where id = $1',
            [ana.orderId],
          )
        )[0]!;

      const late = await propose(25);
      const [message] = await db.query<{ payload: { parts: { text: string }[] } }>(
        `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
        [`order-edit:${late}`],
      );
      expect(message?.payload.parts[0]?.text).toContain('responda pelo botão abaixo em até 24 horas.');
      const before = await order();
      expect((await asStaff(app, owner, { url })).json().data.edits[0]).toMatchObject({
        id: late,
        state: 'expired',
      });
      expect((await contact(late)).json().data.edit).toMatchObject({ id: late, state: 'expired' });
      for (const answer of ['accept', 'decline'] as const) {
        expect(plain(expectRefusal(await contact(late, answer), 409).message)).toBe(
          'Esta proposta expirou sem resposta. Peça à loja uma nova proposta.',
        );
      }
      expect(await order()).toEqual(before);
      const [row] = await db.query<{ state: string }>('select state from order_edits where id = $1', [late]);
      expect(row?.state).toBe('proposed');

      // Just inside the 24 hours it is still answered.
      const inTime = await propose(23);
      expect((await contact(inTime)).json().data.edit.state).toBe('proposed');
      const accepted = await contact(inTime, 'accept');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await order()).toMatchObject({ total_cents: 1500, version: before.version + 1 });

      // The owner gives contacts 48 hours in Configurações: audited, the message says so, 47 hours is in time.
      const settingsUrl = '/api/console/shops/expira/settings';
      const saved = (await asStaff(app, owner, { url: settingsUrl })).json().data;
      expect(saved.limits.orderEditExpiryHours).toBe(24);
      const put = (hours: unknown) =>
        asStaff(app, owner, {
          method: 'PUT',
          url: settingsUrl,
          payload: { settings: saved.settings, limits: { ...saved.limits, orderEditExpiryHours: hours } },
        });
      expect(plain(expectRefusal(await put(0), 400).message)).toContain('O prazo é de ao menos 1 hora.');
      expect(plain(expectRefusal(await put(169), 400).message)).toContain('no máximo 168 horas');
      expect(plain(expectRefusal(await put(1.5), 400).message)).toContain('número inteiro de horas');
      const changed = await put(48);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().data.limits.orderEditExpiryHours).toBe(48);
      const [audit] = await db.query<{
        detail: { changes: { label: string; before: string; after: string }[] };
      }>(
        `select detail from audit_log where shop_id = $1 and action = 'settings.changed' order by created_at desc limit 1`,
        [shop.id],
      );
      expect(audit?.detail.changes).toContainEqual({
        label: 'Prazo para o cliente responder a uma alteração do pedido',
        before: '24 horas',
        after: '48 horas',
      });
      // A body without it (an older form) leaves it as it is.
      const { orderEditExpiryHours: _hours, ...limits } = saved.limits;
      const older = await asStaff(app, owner, {
        method: 'PUT',
        url: settingsUrl,
        payload: { settings: saved.settings, limits },
      });
      expect(older.json().data.limits.orderEditExpiryHours).toBe(48);
      const later = await propose(47, 2);
      const [longer] = await db.query<{ payload: { parts: { text: string }[] } }>(
        `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
        [`order-edit:${later}`],
      );
      expect(longer?.payload.parts[0]?.text).toContain('em até 48 horas.');
      expect((await contact(later)).json().data.edit.state).toBe('proposed');
    });
  },
);
