import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateText,
  dateTimeText,
  dayEnd,
  dayStart,
  isTimeZone,
  localDay,
  monthSplit,
  localTime,
  weekdayOf,
  zonedInstant,
} from './shop-time.ts';

const iso = (d: Date) => d.toISOString();

describe('shop time', () => {
  it('reads the local day of an instant in each Brazilian zone around midnight', () => {
    // 03:30 UTC on 1 Dec: 00:30 in São Paulo (−3), still 23:30 on 30 Nov in Manaus (−4), 01:30 in Noronha (−2).
    const at = new Date('2026-12-01T03:30:00Z');
    expect(localDay(at, 'America/Sao_Paulo')).toBe('2026-12-01');
    expect(localDay(at, 'America/Manaus')).toBe('2026-11-30');
    expect(localTime(at, 'America/Manaus')).toBe('23:30');
    expect(localDay(new Date('2026-12-01T01:59:59Z'), 'America/Noronha')).toBe('2026-11-30');
    expect(localDay(new Date('2026-12-01T02:00:00Z'), 'America/Noronha')).toBe('2026-12-01');
    expect(localTime(new Date('2026-12-01T02:00:00Z'), 'America/Noronha')).toBe('00:00');
  });

  it('turns a local wall-clock time into its UTC instant', () => {
    expect(iso(zonedInstant('2026-12-01', '10:00', 'America/Sao_Paulo'))).toBe('2026-12-01T13:00:00.000Z');
    expect(iso(zonedInstant('2026-12-01', '10:00', 'America/Manaus'))).toBe('2026-12-01T14:00:00.000Z');
    expect(iso(zonedInstant('2026-12-01', '10:00', 'America/Noronha'))).toBe('2026-12-01T12:00:00.000Z');
    expect(iso(zonedInstant('2026-12-31', '23:59:59.999', 'America/Manaus'))).toBe(
      '2027-01-01T03:59:59.999Z',
    );
    expect(iso(zonedInstant('2026-12-01', '10:00', 'UTC'))).toBe('2026-12-01T10:00:00.000Z');
    expect(iso(zonedInstant('2026-12-01', '10:00', 'Asia/Kolkata'))).toBe('2026-12-01T04:30:00.000Z');
  });

  it('gives the first and last instant of a local day', () => {
    expect(iso(dayStart('2026-11-30', 'America/Manaus'))).toBe('2026-11-30T04:00:00.000Z');
    expect(iso(dayEnd('2026-11-30', 'America/Manaus'))).toBe('2026-12-01T03:59:59.999Z');
    expect(iso(dayStart('2026-11-30', 'America/Noronha'))).toBe('2026-11-30T02:00:00.000Z');
    expect(iso(dayEnd('2026-11-30', 'America/Noronha'))).toBe('2026-12-01T01:59:59.999Z');
  });

  it('is right on both sides of a daylight-saving change (America/New_York)', () => {
    const ny = 'America/New_York';
    // 8 Mar 2026: clocks go 02:00 EST → 03:00 EDT; the day has 23 hours.
    expect(iso(zonedInstant('2026-03-08', '01:30', ny))).toBe('2026-03-08T06:30:00.000Z');
    expect(iso(zonedInstant('2026-03-08', '03:30', ny))).toBe('2026-03-08T07:30:00.000Z');
    expect(iso(zonedInstant('2026-03-08', '02:30', ny))).toBe('2026-03-08T07:30:00.000Z'); // skipped: read as 03:30
    expect(dayEnd('2026-03-08', ny).getTime() + 1 - dayStart('2026-03-08', ny).getTime()).toBe(
      23 * 3_600_000,
    );
    // 1 Nov 2026: clocks go 02:00 EDT → 01:00 EST; 01:30 happens twice (the first is taken); 25 hours.
    expect(iso(zonedInstant('2026-11-01', '01:30', ny))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedInstant('2026-11-01', '03:00', ny))).toBe('2026-11-01T08:00:00.000Z');
    expect(dayEnd('2026-11-01', ny).getTime() + 1 - dayStart('2026-11-01', ny).getTime()).toBe(
      25 * 3_600_000,
    );
    expect(localTime(new Date('2026-11-01T06:30:00Z'), ny)).toBe('01:30'); // the second 01:30, EST
    expect(localDay(new Date('2026-07-01T03:59:00Z'), ny)).toBe('2026-06-30');
    expect(localDay(new Date('2026-07-01T04:00:00Z'), ny)).toBe('2026-07-01');
  });

  it('walks calendar days and weekdays without a zone', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekdayOf('2026-11-30')).toBe(1); // a Monday
  });

  it('formats for pt-BR in the shop zone', () => {
    const at = '2026-12-01T03:30:00Z';
    expect(dateTimeText(at, 'America/Manaus')).toBe('30/11/2026 23:30');
    expect(dateTimeText(at, 'America/Noronha', ' às ')).toBe('01/12/2026 às 01:30');
    expect(dateText(at, 'America/Sao_Paulo')).toBe('01/12/2026');
  });

  it('knows the IANA zones', () => {
    expect(isTimeZone('America/Manaus')).toBe(true);
    expect(isTimeZone('America/Noronha')).toBe(true);
    expect(isTimeZone('Brasil/Manaus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
  it('reads a range as months plus or minus the fewer days at each edge', () => {
    const split = (from: string, to: string) => {
      const { monthFrom, monthTo, plus, minus } = monthSplit(from, to);
      return { monthFrom, monthTo, plus, minus };
    };
    expect(split('2026-03-01', '2026-03-31')).toEqual({
      monthFrom: '2026-03-01',
      monthTo: '2026-04-01',
      plus: [],
      minus: [],
    });
    // October 2025, 16 days in and 15 out: the month less its first 15; October 2026, 15 in and 16 out: its days.
    expect(split('2025-10-16', '2026-10-15')).toEqual({
      monthFrom: '2025-10-01',
      monthTo: '2026-10-01',
      plus: [['2026-10-01', '2026-10-15']],
      minus: [['2025-10-01', '2025-10-15']],
    });
    // One month: its days, or the month less both ends.
    expect(split('2026-02-10', '2026-02-12').plus).toEqual([['2026-02-10', '2026-02-12']]);
    expect(split('2026-02-10', '2026-02-12').monthTo).toBe(split('2026-02-10', '2026-02-12').monthFrom);
    expect(split('2026-02-02', '2026-02-27').minus).toEqual([
      ['2026-02-01', '2026-02-01'],
      ['2026-02-28', '2026-02-28'],
    ]);
    // Across a year's end, two edge months read as days.
    expect(split('2025-12-30', '2026-01-02')).toEqual({
      monthFrom: '2026-01-01',
      monthTo: '2026-01-01',
      plus: [
        ['2025-12-30', '2025-12-31'],
        ['2026-01-01', '2026-01-02'],
      ],
      minus: [],
    });
  });
});
