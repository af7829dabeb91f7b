/**
 * Entrega › Agenda's editing rules (issue 38): a weekday window copied to every other day of the week, and the
 * order-by cut-off typed as hours and minutes while the schedule keeps minutes.
 */
import type { ScheduleWindow } from '@vitrine/contracts/console-delivery';

/**
 * The windows with window `index` copied (times, cut-off, capacity) to each other weekday that has no window with
 * the same start and end yet; answers how many days got it too.
 */
export function copyToEveryDay(
  windows: ScheduleWindow[],
  index: number,
): { windows: ScheduleWindow[]; added: number } {
  const source = windows[index];
  if (!source) return { windows, added: 0 };
  const copies: ScheduleWindow[] = [];
  for (let weekday = 0; weekday < 7; weekday++) {
    const taken = windows.some(
      (w) => w.weekday === weekday && w.start === source.start && w.end === source.end,
    );
    if (!taken) copies.push({ ...source, weekday });
  }
  const all = [...windows, ...copies].sort((a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start));
  return { windows: all, added: copies.length };
}

/** 90 → { hours: '1', minutes: '30' }; an unset or invalid cut-off → empty texts. */
export function cutoffTexts(minutes: number | null | undefined): { hours: string; minutes: string } {
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 0)
    return { hours: '', minutes: '' };
  return { hours: String(Math.floor(minutes / 60)), minutes: String(minutes % 60) };
}

/**
 * Hours and minutes typed → the cut-off in minutes ('' counts as 0; both empty: null, "Informe o prazo…"); NaN
 * when either is not a whole number or minutes pass 59 (the contract refuses it in pt-BR).
 */
export function cutoffMinutesOf(hours: string, minutes: string): number | null {
  const h = hours.trim();
  const m = minutes.trim();
  if (h === '' && m === '') return null;
  if (!/^\d*$/.test(h) || !/^\d*$/.test(m) || Number(m || 0) > 59) return NaN;
  return Number(h || 0) * 60 + Number(m || 0);
}
