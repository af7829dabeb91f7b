/** Texts of the delivery slots (spec §2 section 3): window 'start às end' and the order-by cut-off. */
import type { ScheduleSlot } from '@vitrine/contracts/checkout';
import { dateText, localTime } from '@vitrine/contracts/shop-time';

/** '08:00 às 12:00 (pedidos até 22/11, 06:00)', the cut-off in the shop's time zone (decision 0043). */
export function slotText(slot: ScheduleSlot, timeZone: string): string {
  const until = new Date(slot.scheduleUntil);
  const cutoff = Number.isNaN(until.getTime())
    ? ''
    : ` (pedidos até ${dateText(until, timeZone).slice(0, 5)}, ${localTime(until, timeZone)})`;
  return `${slot.startTime} às ${slot.endTime}${cutoff}`;
}
