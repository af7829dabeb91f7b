import type { Queryable } from '../../db/client.ts';
import type { SlotScope } from './schedule-plan.ts';

export type SlotRow = {
  id: string;
  day: string;
  start_time: string;
  end_time: string;
  schedule_until: string;
  capacity: number;
  reserved: number;
};

/**
 * One scope's slots (the shop's: both ids null) from the shop-local day `fromDay` on, with the reservation count,
 * by day and start.
 */
export async function listSlots(
  db: Queryable,
  shopId: string,
  scope: SlotScope,
  fromDay: string,
): Promise<SlotRow[]> {
  return db.query<SlotRow>(
    `select id, to_char(day, 'YYYY-MM-DD') as day, start_time, end_time,
            to_char(schedule_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as schedule_until,
            capacity, reserved
       from schedule_slots
      where shop_id = $1 and option_id is not distinct from $2 and seller_id is not distinct from $3
        and day >= $4::date
      order by day, start_time`,
    [shopId, scope.optionId, scope.sellerId, fromDay],
  );
}

/**
 * The schedule a checkout books from (decision 0036): the chosen delivery option's own windows, else its store's,
 * else the shop's. An option or store has its own when it has a weekly window or an exception.
 */
export async function bookingScope(
  db: Queryable,
  shopId: string,
  chosen: { optionId: string | null; sellerId: string | null },
): Promise<SlotScope> {
  if (!chosen.optionId && !chosen.sellerId) return { optionId: null, sellerId: null };
  const own = await db.query<{ option_id: string | null; seller_id: string | null }>(
    `select option_id, seller_id from schedule_windows where shop_id = $1 and (option_id = $2 or seller_id = $3)
     union
     select option_id, seller_id from schedule_exceptions where shop_id = $1 and (option_id = $2 or seller_id = $3)`,
    [shopId, chosen.optionId, chosen.sellerId],
  );
  if (own.some((s) => s.option_id !== null)) return { optionId: chosen.optionId, sellerId: null };
  if (own.length > 0) return { optionId: null, sellerId: chosen.sellerId };
  return { optionId: null, sellerId: null };
}

/** The scope a slot belongs to (null: no such slot). */
export async function scopeOfSlot(db: Queryable, slotId: string): Promise<SlotScope | null> {
  const [slot] = await db.query<{ option_id: string | null; seller_id: string | null }>(
    'select option_id, seller_id from schedule_slots where id = $1',
    [slotId],
  );
  return slot ? { optionId: slot.option_id, sellerId: slot.seller_id } : null;
}

const SLOT_COLUMNS = `id, to_char(day, 'YYYY-MM-DD') as day, start_time, end_time, schedule_until::text, capacity,
  reserved, schedule_until > now() as open, option_id, seller_id`;

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
 * overbooking, while orders.slot_id must match the order's reservation at commit (migration 0015). With `scope`,
 * a slot of another scope (another option's, the shop's when the option has its own) is not found. With `dryRun`
 * (an order edit's proposal) the slot is checked the same way and nothing is written.
 */
export async function holdSlot(
  tx: Queryable,
  shopId: string,
  orderId: string,
  slotId: string | null,
  scope?: SlotScope,
  dryRun = false,
): Promise<SlotRow | null | 'notFound' | 'full'> {
  const held = await heldSlotId(tx, orderId);
  if (slotId === null) {
    if (held && !dryRun) await tx.query('delete from slot_reservations where order_id = $1', [orderId]);
    return null;
  }
  const locked = await tx.query<
    SlotRow & { open: boolean; shop_id: string; option_id: string | null; seller_id: string | null }
  >(`select ${SLOT_COLUMNS}, shop_id from schedule_slots where id in ($1, $2) order by id for update`, [
    slotId,
    held ?? slotId,
  ]);
  const slot = locked.find((s) => s.id === slotId && s.shop_id === shopId);
  if (!slot) return 'notFound';
  if (scope && (slot.option_id !== scope.optionId || slot.seller_id !== scope.sellerId)) return 'notFound';
  if (held === slotId) return slot;
  if (!slot.open || slot.reserved >= slot.capacity) return 'full';
  if (dryRun) return slot;
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
