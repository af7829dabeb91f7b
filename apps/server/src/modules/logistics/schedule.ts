import type { Order } from '@vitrine/contracts/order';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { changeCheckout } from '../checkout/service.ts';
import type { SessionContext } from '../session/service.ts';
import { holdSlot, listSlots } from './schedule-repository.ts';

const WEEKDAYS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
];

export type ScheduleDay = {
  header: string;
  day: string;
  options: { id: string; startTime: string; endTime: string; scheduleUntil: string; enabled: boolean }[];
};

/** Delivery days with their slots; a full slot or one past its order-by cut-off is disabled. */
export async function scheduleDays(
  db: Queryable,
  session: SessionContext,
  now = new Date(),
): Promise<ScheduleDay[]> {
  const days = new Map<string, ScheduleDay>();
  for (const slot of await listSlots(db, session.shopId)) {
    const [y, m, d] = slot.day.split('-').map(Number) as [number, number, number];
    const weekday = WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? '';
    const day = days.get(slot.day) ?? {
      header: `${weekday} ${slot.day.slice(8)}/${slot.day.slice(5, 7)}`,
      day: slot.day,
      options: [],
    };
    days.set(slot.day, day);
    day.options.push({
      id: slot.id,
      startTime: slot.start_time,
      endTime: slot.end_time,
      scheduleUntil: slot.schedule_until,
      enabled: slot.reserved < slot.capacity && new Date(slot.schedule_until) > now,
    });
  }
  return [...days.values()].filter((day) => day.options.some((o) => o.enabled));
}

/** Takes a place in a slot for the current order, giving back the one it held (409 'slotUnavailable' when full or closed). */
export async function selectSlot(db: Db, session: SessionContext, slotId: string): Promise<Order> {
  return changeCheckout(db, session, async ({ change, checkout }) => {
    const slot = await holdSlot(change.tx, session.shopId, change.order.id, slotId);
    if (slot === 'notFound' || slot === null) throw new AppError('notFound', 'slotNotFound');
    if (slot === 'full') throw new AppError('conflict', 'slotUnavailable');
    checkout.slotId = slot.id;
    checkout.slot = { day: slot.day, startTime: slot.start_time, endTime: slot.end_time };
  });
}
