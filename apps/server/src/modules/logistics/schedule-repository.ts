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

const SLOT_COLUMNS = `id, to_char(day, 'YYYY-MM-DD') as day, start_time, end_time, schedule_until::text, capacity,
  reserved, schedule_until > now() as open`;

/** The slot the order holds a reservation of, or null. */
export async function heldSlotId(tx: Queryable, orderId: string): Promise<string | null> {
  const [held] = await tx.query<{ slot_id: string }>(
    'select slot_id from slot_reservations where order_id = $1',
    [orderId],
  );
  return held?.slot_id ?? null;
}

/**
 * The one way an order's slot reservation changes (issue 15): the order ends up holding `slotId`, moved from the
 * slot it held in one statement, or holding nothing when `slotId` is null. Both slot rows are locked in id order
 * (two orders swapping slots cannot deadlock), a full or closed slot is refused, and the database has the last
 * word: a trigger keeps `reserved` equal to the reservation rows and its check (reserved <= capacity) refuses an
 * overbooking, while orders.slot_id must match the order's reservation at commit (migration 0015).
 */
export async function holdSlot(
  tx: Queryable,
  shopId: string,
  orderId: string,
  slotId: string | null,
): Promise<SlotRow | null | 'notFound' | 'full'> {
  const held = await heldSlotId(tx, orderId);
  if (slotId === null) {
    if (held) await tx.query('delete from slot_reservations where order_id = $1', [orderId]);
    return null;
  }
  const locked = await tx.query<SlotRow & { open: boolean; shop_id: string }>(
    `select ${SLOT_COLUMNS}, shop_id from schedule_slots where id in ($1, $2) order by id for update`,
    [slotId, held ?? slotId],
  );
  const slot = locked.find((s) => s.id === slotId && s.shop_id === shopId);
  if (!slot) return 'notFound';
  if (held === slotId) return slot;
  if (!slot.open || slot.reserved >= slot.capacity) return 'full';
  if (held)
    await tx.query('update slot_reservations set slot_id = $2 where order_id = $1', [orderId, slotId]);
  else
    await tx.query('insert into slot_reservations (order_id, slot_id, shop_id) values ($1, $2, $3)', [
      orderId,
      slotId,
      shopId,
    ]);
  return slot;
}
