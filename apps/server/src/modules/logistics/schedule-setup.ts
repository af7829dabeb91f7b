/**
 * The console's delivery schedule (issue 18): the owner's windows and exceptions, the calendar of bookings
 * against capacity, a save that re-materialises the slots in its transaction, and the daily extension of the
 * slots by the first checkout of the day (whichever instance it reaches).
 */
import {
  WEEKDAY_LABELS,
  type ScheduleBody,
  type ScheduleException,
  type ScheduleView,
  type ScheduleWindow,
} from '@vitrine/contracts/console-delivery';
import type { Db, Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { plannedSlots, shopToday, type Schedule } from './schedule-plan.ts';
import { listSlots } from './schedule-repository.ts';
import { claimSync, materialiseSlots, readSchedule, writeSchedule } from './schedule-writer.ts';

const withoutIds = (s: Schedule): ScheduleBody => ({
  daysAhead: s.daysAhead,
  windows: s.windows.map(({ id: _id, ...w }) => w),
  exceptions: s.exceptions.map(({ id: _id, ...x }) => x),
});

export async function scheduleViewOf(db: Queryable, shopId: string, now = new Date()): Promise<ScheduleView> {
  const schedule = await readSchedule(db, shopId);
  const today = shopToday(now);
  const slots = (await listSlots(db, shopId)).filter((s) => s.day >= today);
  return {
    configured: schedule !== null,
    ...(schedule ? withoutIds(schedule) : { daysAhead: 7, windows: [], exceptions: [] }),
    slots: slots.map((s) => ({
      id: s.id,
      day: s.day,
      start: s.start_time,
      end: s.end_time,
      orderBy: s.schedule_until,
      capacity: s.capacity,
      booked: s.reserved,
    })),
  };
}

const dayLabel = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const cutoffWords = (minutes: number) =>
  minutes === 0 ? 'até o início' : minutes % 60 === 0 ? `${minutes / 60} h antes` : `${minutes} min antes`;
const windowWords = (w: ScheduleWindow) =>
  `${WEEKDAY_LABELS[w.weekday]} ${w.start}–${w.end}, pedidos ${cutoffWords(w.cutoffMinutes)}, ${w.capacity} pedidos`;
const exceptionWords = (x: ScheduleException) =>
  x.kind === 'closed'
    ? `${dayLabel(x.day)} fechado${x.note ? ` (${x.note})` : ''}`
    : `${dayLabel(x.day)} extra ${x.start}–${x.end}, pedidos ${cutoffWords(x.cutoffMinutes)}, ${x.capacity} pedidos`;
const scheduleWords = (s: ScheduleBody | null) => ({
  daysAhead: s ? `${s.daysAhead} dias` : '—',
  windows: s ? s.windows.map(windowWords).join('; ') || 'Nenhuma' : '—',
  exceptions: s ? s.exceptions.map(exceptionWords).join('; ') || 'Nenhuma' : '—',
});
const LABELS = { daysAhead: 'Dias mostrados', windows: 'Janelas semanais', exceptions: 'Exceções' };

/** Saves the schedule and makes the slots from today on match it; answers the changes for the audit. */
export async function saveSchedule(tx: Queryable, shopId: string, body: ScheduleBody, now = new Date()) {
  const before = await readSchedule(tx, shopId);
  const schedule: Schedule = {
    daysAhead: body.daysAhead,
    windows: body.windows.map((w) => ({ ...w, id: newId('swn') })),
    exceptions: body.exceptions.map((x) => ({ ...x, id: newId('sex') })),
  };
  const today = shopToday(now);
  await writeSchedule(tx, shopId, schedule, today);
  await materialiseSlots(tx, shopId, today, plannedSlots(schedule, today));
  const old = scheduleWords(before && withoutIds(before));
  const neu = scheduleWords(body);
  return Object.entries(LABELS)
    .map(([key, label]) => ({
      label,
      before: old[key as keyof typeof old],
      after: neu[key as keyof typeof neu],
    }))
    .filter((c) => c.before !== c.after);
}

/**
 * Extends the shop's slots to the new day's horizon once per day: the first caller of the day (any instance)
 * claims it and materialises in the same transaction; the others find it done and go on.
 */
export async function extendSlotsForToday(db: Db, shopId: string, now = new Date()): Promise<void> {
  const today = shopToday(now);
  await db.transaction(async (tx) => {
    if (!(await claimSync(tx, shopId, today))) return;
    const schedule = await readSchedule(tx, shopId);
    if (schedule) await materialiseSlots(tx, shopId, today, plannedSlots(schedule, today));
  });
}
