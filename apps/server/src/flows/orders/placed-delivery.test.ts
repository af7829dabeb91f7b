/**
 * The contact chooses the delivery of their WhatsApp catalogue order (issue 35, decision 0054): the choices read,
 * the fee applied at once as a version by the contact (audited, `order.updated` queued, the slot's place taken);
 * refused — nothing changed — for another's order, a chosen, paid or finalized one, a slot past its cut-off or
 * full, an area the option does not deliver to; two contacts racing for a slot's last place: exactly one wins; a
 * charge made for the old total cancelled.
 */
import { expect, it } from 'vitest';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import { expectRefusal } from '../../test/refusal.ts';

/** A refusal in our envelope with `status` and, when given, a message containing `text`. */
function refused(res: { statusCode: number; body: string }, status: number, text?: string) {
  const error = expectRefusal(res, status);
  if (text) expect(error.message).toContain(text);
}
import { catalogueOrder, editDelivery, type EditDelivery } from '../../test/order-edit-kit.ts';
import { describeEachDb } from '../../test/test-app.ts';
import { orderDetail } from './board.ts';

describeEachDb('the contact chooses the delivery of a placed catalogue order (issue 35)', (ctx) => {
  let owner: Staff;
  let shopId: string;
  let place: EditDelivery;
  const call = (code: string, orderId: string, payload?: object) =>
    ctx().app.inject({
      method: payload ? 'POST' : 'GET',
      url: `/api/order/placed/${orderId}/delivery`,
      headers: { authorization: `Bearer ${code}` },
      ...(payload ? { payload } : {}),
    });
  const state = async (orderId: string) =>
    (
      await ctx().db.query<{
        version: number;
        total: number;
        option: string | null;
        slot: string | null;
        versions: number;
        reserved: Record<string, number>;
      }>(
        `select o.version, o.total_cents as total, o.checkout->'logistic'->>'providerId' as option,
                (select slot_id from slot_reservations where order_id = o.id) as slot,
                (select count(*)::int from order_edits where order_id = o.id) as versions,
                (select json_object_agg(id, reserved) from schedule_slots where shop_id = o.shop_id) as reserved
           from orders o where o.id = $1`,
        [orderId],
      )
    )[0]!;
  const rapida = (addressId: string) => ({ providerId: 'rapida', type: 1, addressId });

  it('reads the choices; the fee is applied at once, a version by the contact, audited, the bot told', async () => {
    const { app, db } = ctx();
    const created = await shopWithOwner(app, 'entrega-cliente');
    owner = created.owner;
    shopId = created.shop.id;
    const ana = await catalogueOrder(db, shopId, { phone: '5511966660001' });
    place = await editDelivery(db, shopId, ana.orderId, 'cliente');

    const read = await call(ana.contactCode, ana.orderId);
    expect(read.statusCode, read.body).toBe(200);
    const choices = read.json().data;
    expect(choices).toMatchObject({
      orderId: ana.orderId,
      current: { totalCents: 1000, delivery: { name: null, feeCents: 0 } },
      paymentMethod: null,
      choices: { providerId: null, addresses: [{ id: place.addressId }] },
    });
    // Each option's fee at the contact's address: Curitiba's does not deliver to São Paulo.
    const fee = (providerId: string) =>
      choices.fees.find(
        (f: { addressId: string; providerId: string }) =>
          f.addressId === place.addressId && f.providerId === providerId,
      )?.feeCents;
    expect([fee('rapida'), fee('tarde'), fee('curitiba')]).toEqual([800, 800, null]);
    const rapidaSlots = choices.choices.options.find(
      (o: { providerId: string }) => o.providerId === 'rapida',
    );
    expect(rapidaSlots.slots.map((s: { id: string; enabled: boolean }) => [s.id, s.enabled])).toEqual(
      expect.arrayContaining([
        [place.slots.last, true],
        [place.slots.roomy, true],
        [place.slots.past, false],
      ]),
    );

    const chosen = await call(ana.contactCode, ana.orderId, {
      delivery: rapida(place.addressId),
      slotId: place.slots.roomy,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data.current).toMatchObject({
      totalCents: 1800,
      delivery: {
        name: 'Entrega rápida',
        feeCents: 800,
        address: expect.stringContaining('Paulista'),
        slot: { startTime: '10:00', endTime: '12:00' },
      },
    });
    const after = await state(ana.orderId);
    expect(after).toMatchObject({ total: 1800, option: 'rapida', slot: place.slots.roomy, versions: 1 });
    expect(after.reserved[place.slots.roomy]).toBe(1);

    // The version: by the contact, accepted at once; the console's history lists it so.
    const edits = await asStaff(app, owner, {
      url: `/api/console/shops/entrega-cliente/orders/${ana.orderId}/edits`,
    });
    expect(edits.json().data.edits).toEqual([
      expect.objectContaining({
        state: 'accepted',
        author: 'contact',
        decidedBy: 'contact',
        proposedBy: 'Cliente',
        differenceCents: 800,
        appliedVersion: after.version,
        before: expect.objectContaining({ totalCents: 1000 }),
        after: expect.objectContaining({ totalCents: 1800 }),
      }),
    ]);
    const [audit] = await db.query<{ action: string; actor_label: string; detail: object }>(
      `select action, actor_label, detail from audit_log where target = $1 and action = 'order.delivery.chosen'`,
      [ana.orderId],
    );
    expect(audit).toMatchObject({ actor_label: 'Cliente', detail: { fromCents: 1000, toCents: 1800 } });
    const detail = await orderDetail(db, shopId, ana.orderId);
    expect(detail.history.map((h) => h.action)).toContain(
      'Entrega escolhida pelo cliente: R$\u00a010,00 → R$\u00a018,00',
    );
    const events = await db.query<{ payload: { data: Record<string, unknown> } }>(
      `select payload from outbox where kind = 'event' and type = 'order.updated' and order_id = $1`,
      [ana.orderId],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload.data).toMatchObject({
      order: { id: ana.orderId, totalAmout: 18 },
      actor: { type: 'customer' },
      update: {
        version: after.version,
        before: { totalAmout: 10 },
        after: { totalAmout: 18 },
        delivery: { name: 'Entrega rápida', fee: 8, slot: { startTime: '10:00' } },
      },
    });

    // Chosen once: the page and a second choice answer 409, nothing moves.
    await refused(await call(ana.contactCode, ana.orderId), 409, 'A entrega deste pedido já foi escolhida');
    await refused(
      await call(ana.contactCode, ana.orderId, { delivery: rapida(place.addressId) }),
      409,
      'A entrega deste pedido já foi escolhida',
    );
    expect(await state(ana.orderId)).toEqual(after);
  });

  it("refuses another's order (404), a paid or finalized one (409), bad input (400): nothing changes", async () => {
    const { db } = ctx();
    const bia = await catalogueOrder(db, shopId, { phone: '5511966660002' });
    const caio = await catalogueOrder(db, shopId, { phone: '5511966660003' });
    const biaPlace = await editDelivery(db, shopId, bia.orderId, 'cliente');
    const before = await state(bia.orderId);
    await refused(await call(caio.contactCode, bia.orderId), 404, 'Pedido não encontrado');
    await refused(
      await call(caio.contactCode, bia.orderId, { delivery: rapida(biaPlace.addressId) }),
      404,
      'Pedido não encontrado',
    );
    await refused(await call(bia.contactCode, `ord_${'0'.repeat(26)}`), 404, 'Pedido não encontrado');
    // Another contact's address on one's own order: not theirs either.
    await refused(await call(caio.contactCode, caio.orderId, { delivery: rapida(biaPlace.addressId) }), 404);
    const bad = await call(bia.contactCode, bia.orderId, { delivery: { providerId: '', type: 1 }, extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].message).toMatch(/Informe a opção de entrega|Campo não permitido/);
    expect(await state(bia.orderId)).toEqual(before);

    const paid = await catalogueOrder(db, shopId, { phone: '5511966660004', paid: true });
    await refused(await call(paid.contactCode, paid.orderId), 409, 'já tem pagamento');
    await db.query('update orders set status = 2 where id = $1', [caio.orderId]);
    await refused(
      await call(caio.contactCode, caio.orderId, { delivery: { providerId: 'rapida', type: 1 } }),
      409,
      'Este pedido está finalizado',
    );
  });

  it('checks the area, the cut-off and the capacity once: refused choices change nothing', async () => {
    const { db } = ctx();
    const duda = await catalogueOrder(db, shopId, { phone: '5511966660005' });
    const { addressId } = await editDelivery(db, shopId, duda.orderId, 'cliente');
    const before = await state(duda.orderId);
    await refused(
      await call(duda.contactCode, duda.orderId, {
        delivery: { providerId: 'curitiba', type: 1, addressId },
      }),
      422,
      'Nenhuma opção de entrega disponível para este endereço',
    );
    await refused(
      await call(duda.contactCode, duda.orderId, { delivery: rapida(addressId), slotId: place.slots.past }),
      409,
      'Este horário de entrega não está mais disponível',
    );
    await refused(
      await call(duda.contactCode, duda.orderId, { delivery: rapida(addressId), slotId: 'slt-outra-loja' }),
      404,
    );
    expect(await state(duda.orderId)).toEqual(before);
  });

  it("two contacts racing for a slot's last place: exactly one gets it, the other is refused whole", async () => {
    const { db } = ctx();
    const [eva, fabio] = await Promise.all([
      catalogueOrder(db, shopId, { phone: '5511966660006' }),
      catalogueOrder(db, shopId, { phone: '5511966660007' }),
    ]);
    const evaPlace = await editDelivery(db, shopId, eva.orderId, 'cliente');
    const fabioPlace = await editDelivery(db, shopId, fabio.orderId, 'cliente');
    // The first test took no place of 'last' (capacity 1).
    expect((await state(eva.orderId)).reserved[place.slots.last]).toBe(0);
    const answers = await Promise.all([
      call(eva.contactCode, eva.orderId, { delivery: rapida(evaPlace.addressId), slotId: place.slots.last }),
      call(fabio.contactCode, fabio.orderId, {
        delivery: rapida(fabioPlace.addressId),
        slotId: place.slots.last,
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().errors[0].message).toBe('Este horário de entrega não está mais disponível.');
    const [a, b] = [await state(eva.orderId), await state(fabio.orderId)];
    expect(a.reserved[place.slots.last]).toBe(1);
    expect([a.slot, b.slot].filter(Boolean)).toEqual([place.slots.last]);
    // The one refused is as it was: no fee, no option, no version.
    const refused = a.slot ? b : a;
    expect(refused).toMatchObject({ total: 1000, option: null, slot: null, versions: 0 });
  });

  it('a charge made for the old total is cancelled: the payment page charges the new total', async () => {
    const { db } = ctx();
    const gil = await catalogueOrder(db, shopId, { phone: '5511966660008' });
    const { addressId } = await editDelivery(db, shopId, gil.orderId, 'cliente');
    await db.query(
      `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, status)
       select 'pay_' || substr(md5(random()::text), 1, 26), shop_id, id, user_id, 'sandbox', 3, total_cents, 0
         from orders where id = $1`,
      [gil.orderId],
    );
    const chosen = await call(gil.contactCode, gil.orderId, { delivery: rapida(addressId) });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const charges = await db.query<{ amount_cents: number; status: number }>(
      'select amount_cents, status from payments where order_id = $1',
      [gil.orderId],
    );
    expect(charges).toEqual([{ amount_cents: 1000, status: 4 }]); // Canceled: nothing Waiting for R$ 10,00
    expect((await state(gil.orderId)).total).toBe(1800);
    const [due] = await db.query<{ paid: number }>(
      'select coalesce(sum(amount_cents), 0)::int as paid from payment_ledger where order_id = $1',
      [gil.orderId],
    );
    expect(due!.paid).toBe(0);
  });
});
