import { describe, expect, it } from 'vitest';
import { plannedSlots, type Schedule } from './schedule-plan.ts';

const SP = 'America/Sao_Paulo';

const window = (weekday: number, start: string, capacity = 2) => ({
  id: `w${weekday}${start}`,
  weekday,
  start,
  end: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`,
  cutoffMinutes: 90,
  capacity,
});

describe('schedule plan', () => {
  it('reads windows in the shop’s zone: 08:00 with 90 min cut-off in Manaus, Noronha and New York', () => {
    const schedule: Schedule = { daysAhead: 1, windows: [window(1, '08:00')], exceptions: [] };
    const cutoff = (timeZone: string, day = '2026-11-30') =>
      plannedSlots(schedule, day, timeZone).map((s) => s.schedule_until);
    expect(cutoff('America/Manaus')).toEqual(['2026-11-30T10:30:00.000Z']); // 06:30 at UTC−4
    expect(cutoff('America/Noronha')).toEqual(['2026-11-30T08:30:00.000Z']); // 06:30 at UTC−2
    expect(cutoff(SP)).toEqual(['2026-11-30T09:30:00.000Z']);
    // New York: 06:30 EDT before 1 Nov 2026, 06:30 EST after (2026-10-26 and 2026-11-02 are Mondays).
    expect(cutoff('America/New_York', '2026-10-26')).toEqual(['2026-10-26T10:30:00.000Z']);
    expect(cutoff('America/New_York', '2026-11-02')).toEqual(['2026-11-02T11:30:00.000Z']);
  });

  it('makes the weekday windows for the days ahead, none on a closed day, extra ones replacing by start', () => {
    // 2026-11-30 is a Monday.
    const schedule: Schedule = {
      daysAhead: 3,
      windows: [
        window(1, '08:00'),
        window(1, '14:00'),
        window(2, '08:00'),
        window(3, '08:00'),
        window(5, '08:00'),
      ],
      exceptions: [
        { id: 'x1', kind: 'closed', day: '2026-12-01', note: 'Feriado' },
        {
          id: 'x2',
          kind: 'extra',
          day: '2026-12-02',
          start: '08:00',
          end: '09:00',
          cutoffMinutes: 0,
          capacity: 9,
        },
        {
          id: 'x3',
          kind: 'extra',
          day: '2026-12-02',
          start: '19:00',
          end: '21:00',
          cutoffMinutes: 60,
          capacity: 4,
        },
        {
          id: 'x4',
          kind: 'extra',
          day: '2026-12-09',
          start: '19:00',
          end: '21:00',
          cutoffMinutes: 60,
          capacity: 4,
        },
      ],
    };
    const slots = plannedSlots(schedule, '2026-11-30', SP);
    expect(slots.map((s) => `${s.day} ${s.start_time}-${s.end_time} ${s.capacity} ${s.source_id}`)).toEqual([
      '2026-11-30 08:00-10:00 2 w108:00',
      '2026-11-30 14:00-16:00 2 w114:00',
      '2026-12-02 08:00-09:00 9 x2',
      '2026-12-02 19:00-21:00 4 x3',
    ]);
    // Order by 90 minutes before 08:00 in Brasília (11:00 UTC).
    expect(slots[0]!.schedule_until).toBe('2026-11-30T09:30:00.000Z');
    expect(slots[3]!.schedule_until).toBe('2026-12-02T21:00:00.000Z');
  });

  it('plans each scope on its own: an option’s closed day closes only its windows', () => {
    const schedule: Schedule = {
      daysAhead: 2,
      windows: [window(1, '08:00'), { ...window(1, '08:00', 1), id: 'o1', optionId: 'opt-1' }],
      exceptions: [
        { id: 'c1', kind: 'closed', day: '2026-12-01', note: null, optionId: 'opt-1' },
        {
          id: 'e1',
          kind: 'extra',
          day: '2026-12-01',
          start: '10:00',
          end: '11:00',
          cutoffMinutes: 0,
          capacity: 3,
          sellerId: 'sel-1',
        },
        {
          id: 'w2',
          kind: 'extra',
          day: '2026-12-01',
          start: '10:00',
          end: '11:00',
          cutoffMinutes: 0,
          capacity: 4,
        },
      ],
    };
    const slots = plannedSlots(schedule, '2026-11-30', SP);
    expect(
      slots.map((s) => `${s.option_id ?? s.seller_id ?? 'loja'} ${s.day} ${s.start_time} ${s.capacity}`),
    ).toEqual([
      'loja 2026-11-30 08:00 2',
      'loja 2026-12-01 10:00 4',
      'opt-1 2026-11-30 08:00 1',
      'sel-1 2026-12-01 10:00 3',
    ]);
  });

  it('the shop’s closed day (a holiday) closes every scope’s weekly windows; a scope’s extra window still opens', () => {
    const schedule: Schedule = {
      daysAhead: 2,
      windows: [
        window(1, '08:00'),
        window(2, '08:00'),
        { ...window(2, '09:00', 1), id: 'o2', optionId: 'opt-1' },
        { ...window(2, '10:00', 1), id: 's2', sellerId: 'sel-1' },
      ],
      exceptions: [
        { id: 'h1', kind: 'closed', day: '2026-12-01', note: 'Feriado' },
        {
          id: 'e1',
          kind: 'extra',
          day: '2026-12-01',
          start: '14:00',
          end: '15:00',
          cutoffMinutes: 0,
          capacity: 3,
          optionId: 'opt-1',
        },
      ],
    };
    const slots = plannedSlots(schedule, '2026-11-30', SP);
    expect(slots.map((s) => `${s.option_id ?? s.seller_id ?? 'loja'} ${s.day} ${s.start_time}`)).toEqual([
      'loja 2026-11-30 08:00',
      'opt-1 2026-12-01 14:00',
    ]);
  });
});
