/** Texts of the delivery slots (spec §2 section 3): window 'start às end' and the order-by cut-off. */
import type { ScheduleSlot } from '@vitrine/contracts/checkout';

const CUTOFF = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** '08:00 às 12:00 (pedidos até 22/11, 06:00)'. */
export function slotText(slot: ScheduleSlot): string {
  const until = new Date(slot.scheduleUntil);
  const cutoff = Number.isNaN(until.getTime()) ? '' : ` (pedidos até ${CUTOFF.format(until)})`;
  return `${slot.startTime} às ${slot.endTime}${cutoff}`;
}
