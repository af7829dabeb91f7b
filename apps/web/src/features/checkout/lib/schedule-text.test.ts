import { describe, expect, it } from 'vitest';
import { slotText } from './schedule-text';

const slot = {
  id: 's1',
  startTime: '00:30',
  endTime: '02:00',
  scheduleUntil: '2026-12-01T04:00:00Z',
  enabled: true,
};

describe('slot texts', () => {
  it('say the cut-off in the shop’s time zone, not Brasília’s', () => {
    expect(slotText(slot, 'America/Manaus')).toBe('00:30 às 02:00 (pedidos até 01/12, 00:00)');
    expect(slotText(slot, 'America/Noronha')).toBe('00:30 às 02:00 (pedidos até 01/12, 02:00)');
    expect(slotText(slot, 'America/Sao_Paulo')).toBe('00:30 às 02:00 (pedidos até 01/12, 01:00)');
    expect(slotText({ ...slot, scheduleUntil: '2026-12-01T03:30:00Z' }, 'America/Manaus')).toBe(
      '00:30 às 02:00 (pedidos até 30/11, 23:30)',
    );
  });
});
