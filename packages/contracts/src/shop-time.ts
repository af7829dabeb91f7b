/**
 * The one time model (decision 0046): instants are stored and sent as UTC; everything a shop or a shopper sees —
 * a calendar day, a slot's start, a cut-off, a coupon's last day, a date on the board or in a CSV — is read in the
 * shop's own IANA time zone (`shops.time_zone`, e.g. America/Sao_Paulo, America/Manaus, America/Noronha). Built
 * on Intl.DateTimeFormat (the zone data of the runtime), so a zone with daylight saving (America/New_York) is
 * right on both sides of a change. Server and web import this same file.
 */

/** The zone of a shop that never set one (the column's default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;
const zoneParts = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts formatter of `timeZone` (cached; throws RangeError for an unknown zone). */
function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneParts.set(timeZone, format);
  }
  return format;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const toMs = (at: Date | number | string) => (at instanceof Date ? at.getTime() : new Date(at).getTime());
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The wall clock of `at` in `timeZone`. */
function wallOf(at: Date | number | string, timeZone: string): Wall {
  const wall: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(toMs(at)))
    if (part.type !== 'literal') wall[part.type] = Number(part.value);
  return wall as Wall;
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (−4 h in Manaus: −14 400 000). */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallOf(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

/** True when `timeZone` is an IANA zone the runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    partsFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The shop-local calendar day of an instant, 'YYYY-MM-DD'. */
export function localDay(at: Date | number | string, timeZone: string): string {
  const w = wallOf(at, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The shop-local wall-clock time of an instant, 'HH:MM'. */
export function localTime(at: Date | number | string, timeZone: string): string {
  const w = wallOf(at, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * The UTC instant of a wall-clock time ('HH:MM', 'HH:MM:SS' or 'HH:MM:SS.mmm') on a shop-local day. Across a
 * daylight-saving change it answers as Temporal's 'compatible' does: a time skipped by the spring-forward gap is
 * read with the offset before the gap (02:30 → 03:30 of the new offset), a time that happens twice in autumn is
 * its first occurrence.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [hms, fraction = '0'] = time.split('.');
  const [h = 0, mi = 0, s = 0] = (hms ?? '').split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const fits = [wall - before, wall - after].filter((t) => offsetAt(t, timeZone) === wall - t);
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - before);
}

/** The first instant of a shop-local day. */
export function dayStart(day: string, timeZone: string): Date {
  return zonedInstant(day, '00:00', timeZone);
}

/** The last millisecond of a shop-local day (the next day's start minus 1 ms; a 23- or 25-hour day is whole). */
export function dayEnd(day: string, timeZone: string): Date {
  return new Date(dayStart(addDays(day, 1), timeZone).getTime() - 1);
}

/** The calendar day `n` days after `day` (no zone: a calendar day has no instant), 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first day of the month after `day`'s. */
const nextMonth = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};
const daysIn = ([a, b]: [string, string]) => (Date.parse(b) - Date.parse(a)) / DAY_MS + 1;

/**
 * Calendar days [from, to] read from monthly rows and daily ones (rollups whose month row is the sum of its day
 * rows): the months [monthFrom, monthTo) (first days) counted whole, less the days of `minus`, plus the days of
 * `plus` (inclusive intervals). A month at an edge of the range is read as its days in the range, or as the month
 * less its days outside the range, whichever is fewer days. `slots`: the intervals (at most two) as two
 * (first day, last day, +1 or -1) triples, an unused one empty (sign 0, first day after last): SQL parameters each
 * read by an index range of its own.
 */
export function monthSplit(from: string, to: string) {
  const first = (day: string) => `${day.slice(0, 7)}-01`;
  const lastOf = (day: string) => addDays(nextMonth(day), -1);
  let monthFrom = first(from);
  let monthTo = nextMonth(to);
  const plus: [string, string][] = [];
  const minus: [string, string][] = [];
  const outside = (a: string, b: string): [string, string][] =>
    [[a, addDays(from, -1)] as [string, string], [addDays(to, 1), b] as [string, string]].filter(
      ([x, y]) => x <= y && x >= a && y <= b,
    );
  const edge = (month: string, head: boolean) => {
    const inside: [string, string] = [from > month ? from : month, to < lastOf(month) ? to : lastOf(month)];
    const out = outside(month, lastOf(month));
    if (out.reduce((n, i) => n + daysIn(i), 0) <= daysIn(inside)) minus.push(...out);
    else {
      plus.push(inside);
      if (head) monthFrom = nextMonth(month);
      else monthTo = month;
    }
  };
  edge(monthFrom, true);
  if (first(to) !== first(from)) edge(first(to), false);
  else if (plus.length) monthTo = monthFrom; // one month, read as its days
  const all = [...plus.map(([a, b]) => [a, b, 1] as const), ...minus.map(([a, b]) => [a, b, -1] as const)];
  const none = ['0002-01-01', '0001-01-01', 0] as const;
  const slots = [...(all[0] ?? none), ...(all[1] ?? none)];
  return { monthFrom, monthTo, plus, minus, slots };
}
export type MonthSplit = ReturnType<typeof monthSplit>;

/** The weekday of a calendar day, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** A calendar day as pt-BR shows it: 'dd/mm/aaaa'. */
export function dayText(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** An instant's shop-local date, 'dd/mm/aaaa'. */
export function dateText(at: Date | number | string, timeZone: string): string {
  return dayText(localDay(at, timeZone));
}

/** An instant's shop-local date and time, 'dd/mm/aaaa hh:mm' (`joiner` between them: ' às ' in messages). */
export function dateTimeText(at: Date | number | string, timeZone: string, joiner = ' '): string {
  return `${dateText(at, timeZone)}${joiner}${localTime(at, timeZone)}`;
}
