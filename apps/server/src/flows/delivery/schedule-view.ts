/**
 * Entrega › Agenda's read: the schedule of the whole shop or of an option or store (logistics module) with each
 * slot's booked orders (order module), so the calendar lists and opens them (issue 38).
 */
import type { ScheduleScope, ScheduleView } from '@vitrine/contracts/console-delivery';
import type { Queryable } from '../../db/client.ts';
import { scheduleViewOf } from '../../modules/logistics/service.ts';
import { listSlotOrders } from '../../modules/order/service.ts';

export async function scheduleWithOrders(
  db: Queryable,
  shopId: string,
  scope: Partial<ScheduleScope> = {},
): Promise<ScheduleView> {
  const view = await scheduleViewOf(db, shopId, scope);
  const rows = await listSlotOrders(
    db,
    shopId,
    view.slots.map((slot) => slot.id),
  );
  return {
    ...view,
    slots: view.slots.map((slot) => ({
      ...slot,
      orders: rows
        .filter((row) => row.slot_id === slot.id)
        .map((row) => ({ id: row.id, number: row.number, customer: row.customer_name })),
    })),
  };
}
