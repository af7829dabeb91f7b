/**
 * The slots a schedule makes (issue 18, pure): for each shop-local day from `today` on, `daysAhead` days, the
 * weekly windows of its weekday — none on a closed day — and the day's extra windows (an extra window starting
 * when a weekly one does replaces it). Shops are on Brasília time, UTC−3 all year (no daylight saving since 2019).
 */
import type { ScheduleBody } from '@vitrine/contracts/console-delivery';

export type PlannedSlot = {
  day: string;
  start_time: string;
  end_time: string;
  /** the order-by cut-off, an ISO instant */
  schedule_until: string;
  capacity: number;
  source_id: string;
};
export type Schedule = {
  daysAhead: number;
  windows: (ScheduleBody['windows'][number] & { id: string })[];
  exceptions: (ScheduleBody['exceptions'][number] & { id: string })[];
};

const OFFSET_MS = 3 * 3_600_000;

/** The shop-local calendar day of `now`, 'YYYY-MM-DD'. */
export function shopToday(now: Date): string {
  return new Date(now.getTime() - OFFSET_MS).toISOString().slice(0, 10);
}

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function slotOf(
  day: string,
  w: { start: string; end: string; cutoffMinutes: number; capacity: number; id: string },
): PlannedSlot {
  const starts = Date.parse(`${day}T${w.start}:00-03:00`);
  return {
    day,
    start_time: w.start,
    end_time: w.end,
    schedule_until: new Date(starts - w.cutoffMinutes * 60_000).toISOString(),
    capacity: w.capacity,
    source_id: w.id,
  };
}

export function plannedSlots(schedule: Schedule, today: string): PlannedSlot[] {
  const planned: PlannedSlot[] = [];
  for (let n = 0; n < schedule.daysAhead; n++) {
    const day = addDays(today, n);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const ofDay = schedule.exceptions.filter((x) => x.day === day);
    const slots = new Map<string, PlannedSlot>();
    if (!ofDay.some((x) => x.kind === 'closed'))
      for (const w of schedule.windows.filter((w) => w.weekday === weekday))
        slots.set(w.start, slotOf(day, w));
    for (const x of ofDay) if (x.kind === 'extra') slots.set(x.start, slotOf(day, x));
    planned.push(...[...slots.values()].sort((a, b) => a.start_time.localeCompare(b.start_time)));
  }
  return planned;
}
