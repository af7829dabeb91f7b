/** The placed order's delivery being chosen (issue 35): what is picked, and the option's open slots by day. */
import type { PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import { DELIVERY, PICKUP } from './checkout-form';

export type DeliveryDraft = {
  type: number;
  addressId: string;
  providerId: string;
  day: string;
  slotId: string;
};

type Slot = PlacedDelivery['choices']['slots'][number];

/** Starts on delivery when the shop delivers (else pickup), at the contact's first address. */
export function firstDraft(data: PlacedDelivery): DeliveryDraft {
  const delivers = data.choices.options.some((o) => o.type === DELIVERY);
  return {
    type: delivers ? DELIVERY : PICKUP,
    addressId: data.choices.addresses[0]?.id ?? '',
    providerId: '',
    day: '',
    slotId: '',
  };
}

const DAY = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'long',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});

/** 'terça-feira, 01/12': the shop's own day (already local), named as the checkout names its days. */
export const dayHeader = (day: string) => {
  const text = DAY.format(new Date(`${day}T12:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** The slots with a place left before their cut-off, grouped by day in order. */
export function slotsByDay(slots: Slot[]): { day: string; header: string; slots: Slot[] }[] {
  const days = new Map<string, Slot[]>();
  for (const slot of slots.filter((s) => s.enabled))
    days.set(slot.day, [...(days.get(slot.day) ?? []), slot]);
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({
      day,
      header: dayHeader(day),
      slots: list.sort((a, b) => a.startTime.localeCompare(b.startTime)),
    }));
}

/** Whether the draft can be sent: an option, an address for a delivery, a slot when the option books them. */
export function draftReady(data: PlacedDelivery, draft: DeliveryDraft): boolean {
  const option = data.choices.options.find((o) => o.type === draft.type && o.providerId === draft.providerId);
  if (!option) return false;
  if (draft.type === DELIVERY && !draft.addressId) return false;
  return !option.slots.some((s) => s.enabled) || draft.slotId !== '';
}
