import { describe, expect, it } from 'vitest';
import { plannedSlots, shopToday, type Schedule } from './schedule-plan.ts';

const window = (weekday: number, start: string, capacity = 2) => ({
  id: `w${weekday}${start}`,
  weekday,
  start,
  end: `${String(Number(start.slice(0, 2)) + 2).padStart(2, '0')}:00`,
  cutoffMinutes: 90,
  capacity,
});

describe('schedule plan', () => {
  it('the shop’s day is Brasília’s: 02:00 UTC is still the day before', () => {
    expect(shopToday(new Date('2026-12-01T02:00:00Z'))).toBe('2026-11-30');
    expect(shopToday(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01');
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
    const slots = plannedSlots(schedule, '2026-11-30');
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
    const slots = plannedSlots(schedule, '2026-11-30');
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
    const slots = plannedSlots(schedule, '2026-11-30');
    expect(slots.map((s) => `${s.option_id ?? s.seller_id ?? 'loja'} ${s.day} ${s.start_time}`)).toEqual([
      'loja 2026-11-30 08:00',
      'opt-1 2026-12-01 14:00',
    ]);
  });
});
