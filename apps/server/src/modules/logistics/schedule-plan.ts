/**
 * The slots a schedule makes (issue 18, pure): for each shop-local day from `today` on, `daysAhead` days, the
 * weekly windows of its weekday — none on a closed day — and the day's extra windows (an extra window starting
 * when a weekly one does replaces it). Each scope (the whole shop, a delivery option, a store) is planned on its
 * own: an option's or a store's closed day closes only its windows, while the shop's closed day (a holiday)
 * closes every scope's weekly windows — an option's or a store's extra window that day still opens. Days and
 * wall-clock times are the shop's, in its `time_zone` (decision 0043); a slot's cut-off is a UTC instant.
 */
import type { ScheduleBody } from '@vitrine/contracts/console-delivery';
import { addDays, weekdayOf, zonedInstant } from '@vitrine/contracts/shop-time';

export type PlannedSlot = {
  day: string;
  start_time: string;
  end_time: string;
  /** the order-by cut-off, an ISO instant */
  schedule_until: string;
  capacity: number;
  source_id: string;
  /** the scope: a delivery option, a store, or both null (the whole shop) */
  option_id: string | null;
  seller_id: string | null;
};
/** Whose windows: a delivery option's (`logistic_options.id`), a store's (`sellers.id`), or the shop's (both null). */
export type SlotScope = { optionId: string | null; sellerId: string | null };
export const SHOP_SCOPE: SlotScope = { optionId: null, sellerId: null };
type Scoped = { id: string; optionId?: string | null; sellerId?: string | null };
export type Schedule = {
  daysAhead: number;
  windows: (ScheduleBody['windows'][number] & Scoped)[];
  exceptions: (ScheduleBody['exceptions'][number] & Scoped)[];
};

export const scopeOf = (x: { optionId?: string | null; sellerId?: string | null }): SlotScope => ({
  optionId: x.optionId ?? null,
  sellerId: x.sellerId ?? null,
});
export const sameScope = (a: SlotScope, b: SlotScope) =>
  a.optionId === b.optionId && a.sellerId === b.sellerId;

function slotOf(
  day: string,
  w: { start: string; end: string; cutoffMinutes: number; capacity: number } & Scoped,
  timeZone: string,
): PlannedSlot {
  const starts = zonedInstant(day, w.start, timeZone).getTime();
  return {
    day,
    start_time: w.start,
    end_time: w.end,
    schedule_until: new Date(starts - w.cutoffMinutes * 60_000).toISOString(),
    capacity: w.capacity,
    source_id: w.id,
    option_id: w.optionId ?? null,
    seller_id: w.sellerId ?? null,
  };
}

/** The scopes a schedule has windows or exceptions for, the shop's first. */
export function scopesOf(schedule: Pick<Schedule, 'windows' | 'exceptions'>): SlotScope[] {
  const scopes = [SHOP_SCOPE];
  for (const x of [...schedule.windows, ...schedule.exceptions])
    if (!scopes.some((s) => sameScope(s, scopeOf(x)))) scopes.push(scopeOf(x));
  return scopes;
}

/** The slots of the days from `today` on, their starts and cut-offs read in the shop's `timeZone`. */
export function plannedSlots(schedule: Schedule, today: string, timeZone: string): PlannedSlot[] {
  const planned: PlannedSlot[] = [];
  const shopClosed = new Set(
    schedule.exceptions
      .filter((x) => x.kind === 'closed' && sameScope(scopeOf(x), SHOP_SCOPE))
      .map((x) => x.day),
  );
  for (const scope of scopesOf(schedule)) {
    const windows = schedule.windows.filter((w) => sameScope(scopeOf(w), scope));
    const exceptions = schedule.exceptions.filter((x) => sameScope(scopeOf(x), scope));
    for (let n = 0; n < schedule.daysAhead; n++) {
      const day = addDays(today, n);
      const weekday = weekdayOf(day);
      const ofDay = exceptions.filter((x) => x.day === day);
      const slots = new Map<string, PlannedSlot>();
      if (!shopClosed.has(day) && !ofDay.some((x) => x.kind === 'closed'))
        for (const w of windows.filter((w) => w.weekday === weekday))
          slots.set(w.start, slotOf(day, w, timeZone));
      for (const x of ofDay) if (x.kind === 'extra') slots.set(x.start, slotOf(day, x, timeZone));
      planned.push(...[...slots.values()].sort((a, b) => a.start_time.localeCompare(b.start_time)));
    }
  }
  return planned;
}
