import { describe, expect, it } from 'vitest';
import { copyToEveryDay, cutoffMinutesOf, cutoffTexts } from './schedule-model';

const monday = { weekday: 1, start: '09:00', end: '12:00', cutoffMinutes: 90, capacity: 3 };

describe('Entrega › Agenda editing (issue 38)', () => {
  it("'Copiar para todos os dias' gives every other weekday the window once, in weekday order", () => {
    const afternoon = { ...monday, weekday: 3, start: '14:00', end: '18:00' };
    const tuesday = { ...monday, weekday: 2, capacity: 9 };
    const { windows, added } = copyToEveryDay([monday, afternoon, tuesday], 0);
    expect(added).toBe(5);
    expect(windows.map((w) => [w.weekday, w.start, w.capacity])).toEqual([
      [0, '09:00', 3],
      [1, '09:00', 3],
      [2, '09:00', 9], // Tuesday's own 09:00–12:00 is kept as the person set it
      [3, '09:00', 3],
      [3, '14:00', 3],
      [4, '09:00', 3],
      [5, '09:00', 3],
      [6, '09:00', 3],
    ]);
    expect(copyToEveryDay(windows, 0).added).toBe(0);
  });

  it('types the cut-off as hours and minutes and keeps minutes', () => {
    expect(cutoffTexts(90)).toEqual({ hours: '1', minutes: '30' });
    expect(cutoffTexts(0)).toEqual({ hours: '0', minutes: '0' });
    expect(cutoffMinutesOf('1', '30')).toBe(90);
    expect(cutoffMinutesOf('2', '')).toBe(120);
    expect(cutoffMinutesOf('', '45')).toBe(45);
    expect(cutoffMinutesOf('', '')).toBeNull();
    expect(cutoffMinutesOf('1', '75')).toBeNaN();
    expect(cutoffMinutesOf('a', '0')).toBeNaN();
  });
});
