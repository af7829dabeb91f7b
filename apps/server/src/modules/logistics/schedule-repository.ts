import type { Queryable } from '../../db/client.ts';

export type SlotRow = {
  id: string;
  day: string;
  start_time: string;
  end_time: string;
  schedule_until: string;
  capacity: number;
  reserved: number;
};

/** The shop's slots from today on, with the reservation count, ordered by day and start. */
export async function listSlots(db: Queryable, shopId: string): Promise<SlotRow[]> {
  return db.query<SlotRow>(
    `select id, to_char(day, 'YYYY-MM-DD') as day, start_time, end_time,
            to_char(schedule_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as schedule_until,
            capacity, reserved
       from schedule_slots where shop_id = $1 and day >= current_date - 1
      order by day, start_time`,
    [shopId],
  );
}

/**
 * Takes one place of a slot for an order: locks the slot row, refuses a full or closed slot, then counts the
 * reservation. Two orders racing for the last place run one after another; the second sees it full.
 */
export async function reserveSlot(
  tx: Queryable,
  shopId: string,
  slotId: string,
  orderId: string,
): Promise<SlotRow | 'notFound' | 'full'> {
  const [slot] = await tx.query<SlotRow & { open: boolean }>(
    `select id, to_char(day, 'YYYY-MM-DD') as day, start_time, end_time, schedule_until::text, capacity, reserved,
            schedule_until > now() as open
       from schedule_slots where id = $1 and shop_id = $2 for update`,
    [slotId, shopId],
  );
  if (!slot) return 'notFound';
  const [mine] = await tx.query('select 1 from slot_reservations where order_id = $1 and slot_id = $2', [
    orderId,
    slotId,
  ]);
  if (mine) return slot;
  if (!slot.open || slot.reserved >= slot.capacity) return 'full';
  await releaseSlot(tx, orderId);
  await tx.query('update schedule_slots set reserved = reserved + 1 where id = $1', [slotId]);
  await tx.query('insert into slot_reservations (order_id, slot_id, shop_id) values ($1, $2, $3)', [
    orderId,
    slotId,
    shopId,
  ]);
  return slot;
}

/** Gives back the order's reserved place, if any. */
export async function releaseSlot(tx: Queryable, orderId: string): Promise<void> {
  const [gone] = await tx.query<{ slot_id: string }>(
    'delete from slot_reservations where order_id = $1 returning slot_id',
    [orderId],
  );
  if (gone) {
    await tx.query('update schedule_slots set reserved = reserved - 1 where id = $1', [gone.slot_id]);
  }
}
