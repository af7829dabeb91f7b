import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { expectRefusal } from '../../test/refusal.ts';
import { asStaff, shopWithOwner, type Staff } from '../../test/console-kit.ts';
import {
  editableOrder,
  editDelivery,
  type EditableOrder,
  type EditDelivery,
} from '../../test/order-edit-kit.ts';

const plain = (text: string | undefined) => text?.replace(/\u00a0/g, ' ');

describeEachDb(
  "console orders: 'Editar pedido' changes the delivery option, address and slot (issue 34)",
  (ctx) => {
    let owner: Staff;
    let shopId: string;
    let ana: EditableOrder;
    let place: EditDelivery;
    const edits = (id: string, payload?: object) =>
      asStaff(ctx().app, owner, {
        method: payload ? 'POST' : 'GET',
        url: `/api/console/shops/entrega-edita/orders/${id}/edits`,
        ...(payload ? { payload } : {}),
      });
    const propose = async (id: string, payload: object) => {
      const version = (await edits(id)).json().data.version as number;
      return edits(id, { version, ...payload });
    };
    const state = async (orderId: string) =>
      (
        await ctx().db.query<{
          version: number;
          total: number;
          option: string | null;
          slot: string | null;
          reserved: Record<string, number>;
        }>(
          `select o.version, o.total_cents as total, o.checkout->'logistic'->>'providerId' as option,
                (select slot_id from slot_reservations where order_id = o.id) as slot,
                (select json_object_agg(id, reserved) from schedule_slots where shop_id = o.shop_id) as reserved
           from orders o where o.id = $1`,
          [orderId],
        )
      )[0]!;
    const notice = async (editId: string) =>
      plain(
        (
          await ctx().db.query<{ payload: { parts: { text: string }[] } }>(
            `select payload from outbox where type = 'order-edit' and dedupe_key = $1`,
            [`order-edit:${editId}`],
          )
        )[0]?.payload.parts[0]?.text,
      );

    it('a new fee is a proposal; a slot or option at the same fee applies at once, moving the reservation', async () => {
      const { app, db } = ctx();
      const created = await shopWithOwner(app, 'entrega-edita');
      owner = created.owner;
      shopId = created.shop.id;
      ana = await editableOrder(db, shopId, { phone: '5511977770001' });
      place = await editDelivery(db, shopId, ana.orderId, 'entrega');
      const choices = (await edits(ana.orderId)).json().data.delivery;
      expect(choices.options.map((o: { name: string }) => o.name)).toEqual(
        expect.arrayContaining(['Entrega rápida', 'Entrega à tarde', 'Entrega Curitiba']),
      );
      expect(choices.addresses).toEqual([{ id: place.addressId, text: expect.stringContaining('Paulista') }]);
      expect(choices.slots.map((s: { id: string; enabled: boolean }) => [s.id, s.enabled])).toEqual(
        expect.arrayContaining([
          [place.slots.last, true],
          [place.slots.roomy, true],
        ]),
      );
      // Each option lists the slots it books from: 'Entrega Curitiba' has an agenda of its own.
      await db.query(
        `insert into schedule_exceptions (id, shop_id, day, kind, start_time, end_time, cutoff_minutes, capacity,
           option_id) values ('sex-entrega-curitiba', $1, current_date + 3, 'extra', '15:00', '17:00', 60, 2,
           'lgo-entrega-curitiba')`,
        [shopId],
      );
      await db.query(
        `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity, option_id)
         values ('slt-entrega-curitiba', $1, current_date + 3, '15:00', '17:00', now() + interval '2 days', 2,
                 'lgo-entrega-curitiba')`,
        [shopId],
      );
      const byOption = new Map<string, string[]>(
        (await edits(ana.orderId))
          .json()
          .data.delivery.options.map((o: { name: string; slots: { id: string }[] }) => [
            o.name,
            o.slots.map((s) => s.id),
          ]),
      );
      expect(byOption.get('Entrega Curitiba')).toEqual(['slt-entrega-curitiba']);
      expect(byOption.get('Entrega rápida')).toEqual(
        expect.arrayContaining([place.slots.last, place.slots.roomy]),
      );
      expect(byOption.get('Entrega rápida')).not.toContain('slt-entrega-curitiba');
      await db.query(`delete from schedule_slots where id = 'slt-entrega-curitiba'`);
      await db.query(`delete from schedule_exceptions where id = 'sex-entrega-curitiba'`);

      // Delivery at R$ 8,00 to the contact's address: more to pay, so the contact is asked.
      const start = await state(ana.orderId);
      const fee = await propose(ana.orderId, {
        delivery: { providerId: 'rapida', type: 1, addressId: place.addressId },
      });
      expect(fee.statusCode, fee.body).toBe(200);
      expect(fee.json().data).toMatchObject({
        state: 'proposed',
        differenceCents: 800,
        before: { delivery: { name: 'Entrega expressa', feeCents: 0 } },
        after: {
          totalCents: 1800,
          delivery: { name: 'Entrega rápida', feeCents: 800, address: expect.stringContaining('Paulista') },
        },
      });
      expect(await state(ana.orderId)).toEqual(start);
      const accepted = await app.inject({
        method: 'POST',
        url: `/api/order/edits/${fee.json().data.id}/accept`,
        headers: { authorization: `Bearer ${ana.contactCode}` },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(await state(ana.orderId)).toMatchObject({ total: 1800, option: 'rapida', slot: null });

      // A slot at the same fee: applied at once, the place taken, the contact told.
      const slot = await propose(ana.orderId, { slotId: place.slots.last });
      expect(slot.statusCode, slot.body).toBe(200);
      expect(slot.json().data).toMatchObject({
        state: 'accepted',
        decidedBy: 'staff',
        differenceCents: 0,
        after: { delivery: { slot: { startTime: '08:00', endTime: '10:00' } } },
      });
      expect(await notice(slot.json().data.id)).toContain('O total não muda.');
      let now = await state(ana.orderId);
      expect(now).toMatchObject({ total: 1800, slot: place.slots.last });
      expect(now.reserved[place.slots.last]).toBe(1);

      // Another slot: the old one's place given back in the same transaction.
      expect((await propose(ana.orderId, { slotId: place.slots.roomy })).json().data.state).toBe('accepted');
      now = await state(ana.orderId);
      expect(now).toMatchObject({ slot: place.slots.roomy });
      expect([now.reserved[place.slots.last], now.reserved[place.slots.roomy]]).toEqual([0, 1]);

      // Another option at the same fee and schedule: applied at once, the slot kept.
      const option = await propose(ana.orderId, { delivery: { providerId: 'tarde', type: 1 } });
      expect(option.json().data).toMatchObject({
        state: 'accepted',
        after: { delivery: { name: 'Entrega à tarde' } },
      });
      expect(await state(ana.orderId)).toMatchObject({
        option: 'tarde',
        total: 1800,
        slot: place.slots.roomy,
      });
    });

    it('bad delivery input → 4xx in pt-BR and nothing changed', async () => {
      const { app, db } = ctx();
      let before = await state(ana.orderId);
      const refused = async (payload: object, status: number) => {
        const error = expectRefusal(await propose(ana.orderId, payload), status);
        expect(await state(ana.orderId)).toEqual(before);
        return plain(error.message);
      };
      // Another shop's slot.
      const other = await shopWithOwner(app, 'entrega-outra');
      const bob = await editableOrder(db, other.shop.id, { phone: '5511977770002' });
      const foreign = await editDelivery(db, other.shop.id, bob.orderId, 'outra');
      expect(await refused({ slotId: foreign.slots.roomy }, 404)).toBe('Horário de entrega não encontrado.');
      expect(await refused({ slotId: 'slt-nao-existe' }, 404)).toBe('Horário de entrega não encontrado.');
      expect(await refused({ slotId: place.slots.past }, 409)).toBe(
        'Este horário de entrega não está mais disponível.',
      );
      expect(await refused({ delivery: { providerId: 'curitiba', type: 1 } }, 422)).toBe(
        'Nenhuma opção de entrega disponível para este endereço.',
      );
      expect(await refused({ delivery: { providerId: 'nao-existe', type: 1 } }, 404)).toBe(
        'Opção de entrega não encontrada.',
      );
      expect(
        await refused({ delivery: { providerId: 'rapida', type: 1, addressId: foreign.addressId } }, 404),
      ).toBe('Endereço não encontrado.');
      expect(await refused({ slotId: '' }, 400)).toContain('Horário de entrega inválido.');
      expect(await refused({ delivery: { providerId: 'rapida' } }, 400)).toContain(
        'Tipo de entrega inválido.',
      );
      // Another shop's order through this shop: not found.
      expectRefusal(await edits(bob.orderId), 404);
      // A slot with no place left: another order holds the one place of 'last'.
      const carla = await editableOrder(db, shopId, { phone: '5511977770003' });
      const taken = await propose(carla.orderId, { slotId: place.slots.last });
      expect(taken.json().data.state, taken.body).toBe('accepted');
      before = await state(ana.orderId);
      expect(await refused({ slotId: place.slots.last }, 409)).toBe(
        'Este horário de entrega não está mais disponível.',
      );
    });
  },
);
