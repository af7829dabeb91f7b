import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './format-date';

describe('console dates', () => {
  it('are shown in the shop’s time zone', () => {
    const at = '2026-12-01T03:30:00Z';
    expect(formatDateTime(at, 'America/Manaus')).toBe('30/11/2026, 23:30');
    expect(formatDateTime(at, 'America/Sao_Paulo')).toBe('01/12/2026, 00:30');
    expect(formatDateTime(at, 'America/Noronha')).toBe('01/12/2026, 01:30');
    expect(formatDay('2026-11-28')).toBe('28/11/2026');
  });
});
