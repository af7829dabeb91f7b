import type { Db } from '../../db/client.ts';
import type { SessionContext } from '../session/service.ts';
import { listSlots } from './schedule-repository.ts';
import { extendSlotsForToday } from './schedule-setup.ts';

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
  db: Db,
  session: SessionContext,
  now = new Date(),
): Promise<ScheduleDay[]> {
  await extendSlotsForToday(db, session.shopId, now);
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
