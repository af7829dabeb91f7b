import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner } from '../../test/console-kit.ts';
import { editableOrder } from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb('order edits: a proposal not answered in 48 hours expires (issue 34)', (ctx) => {
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
    const propose = async (hoursAgo: number) => {
      const { version } = (await asStaff(app, owner, { url })).json().data;
      const res = await asStaff(app, owner, {
        method: 'POST',
        url,
        payload: { version, changes: [{ providerId: ana.milk.code, quantity: 1 }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as string;
      // The proposal made `hoursAgo` hours ago (the database's clock decides, as in production).
      await db.query(`update order_edits set created_at = now() - make_interval(hours => $2) where id = $1`, [
        id,
        hoursAgo,
      ]);
      return id;
    };
    const order = async () =>
      (
        await db.query<{ total_cents: number; version: number }>(
          'select total_cents, version from orders where id = $1',
          [ana.orderId],
        )
      )[0]!;

    const late = await propose(49);
    const [message] = await db.query<{ payload: { parts: { text: string }[] } }>(
      `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
      [`order-edit:${late}`],
    );
    expect(message?.payload.parts[0]?.text).toContain('responda pelo botão abaixo em até 48 horas.');
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

    // Just inside the 48 hours it is still answered.
    const inTime = await propose(47);
    expect((await contact(inTime)).json().data.edit.state).toBe('proposed');
    const accepted = await contact(inTime, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await order()).toMatchObject({ total_cents: 1500, version: before.version + 1 });
  });
});
