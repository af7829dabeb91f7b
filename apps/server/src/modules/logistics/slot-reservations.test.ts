/**
 * Slot reservations (issue 15): switching slots moves the reservation, capacity holds, and the database itself
 * refuses an overbooking or an order naming a slot it does not hold (migration 0015).
 */
import { expect, it } from 'vitest';
import { describeEachDb } from '../../test/test-app.ts';
import { seedCheckoutSuite, session } from '../checkout/checkout-test-kit.ts';
import { mintSession } from '../order/order-test-kit.ts';

type SlotCount = { reserved: number; rows: number; naming: number };

describeEachDb(
  'slot reservations',
  (ctx) => {
    const agent = async () => session(ctx().app, await mintSession(ctx().app, { agent: true }));
    const insertSlot = (id: string, capacity: number, start: string) =>
      ctx().db.query(
        `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
         select $1, id, current_date + 2, $2, $2, now() + interval '1 day', $3 from shops where slug = 'hortifruti'`,
        [id, start, capacity],
      );
    const count = async (slotId: string): Promise<SlotCount | undefined> =>
      (
        await ctx().db.query<SlotCount>(
          `select reserved, (select count(*)::int from slot_reservations where slot_id = s.id) as rows,
                  (select count(*)::int from orders where slot_id = s.id) as naming
             from schedule_slots s where id = $1`,
          [slotId],
        )
      )[0];

    it('moves the reservation when an order switches slots, never past capacity', async () => {
      await insertSlot('slt-a', 10, '05:00');
      await insertSlot('slt-b', 3, '05:30');
      const agents = [await agent(), await agent(), await agent(), await agent(), await agent()];
      for (const s of agents) await s.okCall('POST', '/api/order/schedule', { id: 'slt-a' });
      const statuses = [];
      for (const s of agents)
        statuses.push((await s.call('POST', '/api/order/schedule', { id: 'slt-b' })).status);
      expect(statuses).toEqual([200, 200, 200, 409, 409]);
      expect(await count('slt-b')).toEqual({ reserved: 3, rows: 3, naming: 3 });
      expect(await count('slt-a')).toEqual({ reserved: 2, rows: 2, naming: 2 });
      // Back again: the place in slt-b is given back in the same move.
      await agents[0]!.okCall('POST', '/api/order/schedule', { id: 'slt-a' });
      expect(await count('slt-b')).toEqual({ reserved: 2, rows: 2, naming: 2 });
      expect(await count('slt-a')).toEqual({ reserved: 3, rows: 3, naming: 3 });
    });

    it('lets two orders swap slots at the same time without a deadlock', async () => {
      await insertSlot('slt-c', 1, '06:00');
      await insertSlot('slt-d', 2, '06:30');
      const [x, y] = [await agent(), await agent()];
      await x.okCall('POST', '/api/order/schedule', { id: 'slt-c' });
      await y.okCall('POST', '/api/order/schedule', { id: 'slt-d' });
      const swaps = await Promise.all([
        x.call('POST', '/api/order/schedule', { id: 'slt-d' }),
        y.call('POST', '/api/order/schedule', { id: 'slt-c' }),
      ]);
      expect(swaps.map((r) => r.status).sort()).toEqual([200, 200]);
      expect(await count('slt-c')).toEqual({ reserved: 1, rows: 1, naming: 1 });
      expect(await count('slt-d')).toEqual({ reserved: 1, rows: 1, naming: 1 });
    });

    it('gives the place back when the order is canceled, whoever cancels it', async () => {
      await insertSlot('slt-f', 1, '08:30');
      const held = await (await agent()).okCall('POST', '/api/order/schedule', { id: 'slt-f' });
      expect(await count('slt-f')).toEqual({ reserved: 1, rows: 1, naming: 1 });
      await ctx().db.query('update orders set status = 3, canceled_at = now() where id = $1', [held.id]);
      expect(await count('slt-f')).toEqual({ reserved: 0, rows: 0, naming: 0 });
      expect((await (await agent()).call('POST', '/api/order/schedule', { id: 'slt-f' })).status).toBe(200);
    });

    it('refuses, in the database, an overbooking and an order naming a slot it does not hold', async () => {
      await insertSlot('slt-e', 1, '07:00');
      const [x, y] = [await agent(), await agent()];
      const held = await x.okCall('POST', '/api/order/schedule', { id: 'slt-e' });
      const other = (await y.okCall('GET', '/api/order/current')).id;
      const { db } = ctx();
      await expect(
        db.query(
          `insert into slot_reservations (order_id, slot_id, shop_id) select $1, id, shop_id from schedule_slots where id = 'slt-e'`,
          [other],
        ),
      ).rejects.toThrow(/check constraint/);
      await expect(
        db.query(`update orders set checkout = checkout || '{"slotId":"slt-e"}' where id = $1`, [other]),
      ).rejects.toThrow(/orders_slot_held/);
      await expect(db.query('delete from slot_reservations where order_id = $1', [held.id])).rejects.toThrow(
        /orders_slot_held/,
      );
      await expect(
        db.query("update schedule_slots set reserved = 0 where id = 'slt-e'"),
      ).resolves.toBeDefined();
      expect((await count('slt-e'))?.rows).toBe(1);
    });
  },
  { setup: seedCheckoutSuite },
);
