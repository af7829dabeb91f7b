/**
 * Issue 34's must-hold across instances (decision 0053): two servers on one PostgreSQL database, each with its own
 * connection pool. Two proposals made at once against the same version, then both accepted at once → exactly one
 * applies; one proposal accepted three times at once → one edit; an acceptance racing a new proposal → one of them
 * wins, never both. Each applied edit is one version, one set of 'edit' movements and one `order.edited`. Two
 * orders' edits racing for the last place of a slot (applied at once: same fee) → one takes it, the other is told.
 */
import { describe, expect, it } from 'vitest';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { editableOrder, editDelivery, type EditableOrder } from '../../test/order-edit-kit.ts';
import { twoInstancesOnPostgres } from '../../test/two-instances.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('order edits on two instances [postgres]', () => {
  const { apps, dbs } = twoInstancesOnPostgres();
  let owner: Staff;
  let shopId: string;
  const propose = (i: number, order: EditableOrder, version: number, quantity: number) =>
    asStaff(apps[i]!, owner, {
      method: 'POST',
      url: `/api/console/shops/duas-edita/orders/${order.orderId}/edits`,
      payload: { version, changes: [{ providerId: order.milk.code, quantity }] },
    });
  const accept = (i: number, order: EditableOrder, editId: string) =>
    apps[i]!.inject({
      method: 'POST',
      url: `/api/order/edits/${editId}/accept`,
      headers: { authorization: `Bearer ${order.contactCode}` },
    });
  const state = async (orderId: string) =>
    (
      await dbs[0]!.query<{ version: number; total: number; edited: number; accepted: number; held: number }>(
        `select o.version, o.total_cents as total,
                (select count(*)::int from outbox where order_id = o.id and type = 'order.edited') as edited,
                (select count(*)::int from order_edits where order_id = o.id and state = 'accepted') as accepted,
                (select coalesce(sum(held_delta), 0)::int from stock_movements where order_id = o.id) as held
           from orders o where o.id = $1`,
        [orderId],
      )
    )[0]!;

  it('two proposals at once, both accepted at once on both instances → one applies', async () => {
    const created = await shopWithOwner(apps[0]!, 'duas-edita');
    owner = created.owner;
    shopId = created.shop.id;
    const order = await editableOrder(dbs[0]!, shopId, { phone: '5511944440001' });
    const before = await state(order.orderId);
    const proposals = await Promise.all([
      propose(0, order, before.version, 2),
      propose(1, order, before.version, 3),
    ]);
    expect(proposals.map((p) => p.statusCode)).toEqual([200, 200]);
    const ids = proposals.map((p) => p.json().data.id as string);
    const answers = await Promise.all([accept(0, order, ids[0]!), accept(1, order, ids[1]!)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const after = await state(order.orderId);
    expect(after).toMatchObject({ version: before.version + 1, edited: 1, accepted: 1 });
    const applied = answers.findIndex((a) => a.statusCode === 200);
    expect(after.held).toBe(applied === 0 ? 2 : 3);
    expect(after.total).toBe(1000 + after.held * 500);
  });

  it('one proposal accepted three times at once over both instances → one edit', async () => {
    const order = await editableOrder(dbs[0]!, shopId, { phone: '5511944440002' });
    const before = await state(order.orderId);
    const edit = (await propose(1, order, before.version, 4)).json().data;
    const answers = await Promise.all([0, 1, 0].map((i) => accept(i, order, edit.id as string)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await state(order.orderId)).toMatchObject({
      version: before.version + 1,
      total: 3000,
      edited: 1,
      accepted: 1,
      held: 4,
    });
  });

  it('an acceptance racing a new proposal on the other instance: one wins, never both', async () => {
    const order = await editableOrder(dbs[0]!, shopId, { phone: '5511944440003' });
    const before = await state(order.orderId);
    const first = (await propose(0, order, before.version, 1)).json().data;
    const [accepted, second] = await Promise.all([
      accept(0, order, first.id as string),
      propose(1, order, before.version, 5),
    ]);
    const after = await state(order.orderId);
    if (accepted.statusCode === 200) {
      // The acceptance came first: the second proposal was made against a version that is gone.
      expect(second.statusCode, second.body).toBe(409);
      expect(after).toMatchObject({ version: before.version + 1, edited: 1, held: 1 });
    } else {
      // The new proposal came first and replaced the one being accepted: nothing applied.
      expect(second.statusCode, second.body).toBe(200);
      expect(accepted.statusCode, accepted.body).toBe(409);
      expect(after).toMatchObject({ version: before.version, edited: 0, held: 0 });
    }
  });

  it('two orders racing through edits for the last place of a slot on two instances → exactly one wins', async () => {
    const orders = [
      await editableOrder(dbs[0]!, shopId, { phone: '5511944440004' }),
      await editableOrder(dbs[0]!, shopId, { phone: '5511944440005' }),
    ];
    const { slots } = await editDelivery(dbs[0]!, shopId, orders[0]!.orderId, 'duas');
    const versions = await Promise.all(orders.map(async (o) => (await state(o.orderId)).version));
    const answers = await Promise.all(
      orders.map((order, i) =>
        asStaff(apps[i]!, owner, {
          method: 'POST',
          url: `/api/console/shops/duas-edita/orders/${order.orderId}/edits`,
          payload: { version: versions[i], slotId: slots.last },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json().errors[0].message).toBe('Este horário de entrega não está mais disponível.');
    const [slot] = await dbs[0]!.query<{ reserved: number; rows: number }>(
      `select reserved, (select count(*)::int from slot_reservations where slot_id = s.id) as rows
         from schedule_slots s where id = $1`,
      [slots.last],
    );
    expect(slot).toEqual({ reserved: 1, rows: 1 });
    const after = await Promise.all(orders.map((o) => state(o.orderId)));
    expect(after.map((a, i) => a.version - versions[i]!).sort()).toEqual([0, 1]);
  });
});
