/**
 * Quiet hours in the shop's time zone (pure): a reminder due inside [start, end) — a span that may cross midnight,
 * e.g. 21:00–08:00 — waits until the span ends. 20:59 is outside, 21:00 and 07:59 inside, 08:00 outside.
 */
import { addDays, localDay, localTime, zonedInstant } from '@vitrine/contracts/shop-time';

/** When the quiet span around `now` ends, or null when `now` is outside it. */
export function quietUntil(now: Date, timeZone: string, start: string, end: string): Date | null {
  const time = localTime(now, timeZone);
  const overnight = start > end;
  const inside = overnight ? time >= start || time < end : time >= start && time < end;
  if (!inside) return null;
  const day = localDay(now, timeZone);
  const endToday = zonedInstant(day, end, timeZone);
  return endToday > now ? endToday : zonedInstant(addDays(day, 1), end, timeZone);
}
