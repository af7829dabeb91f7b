/**
 * What 'Entrega' may choose on a placed order: 'Editar pedido' (issue 34) and the contact's own choice on a WhatsApp
 * catalogue order (issue 35) read the same — the shop's options each with the slots it books from (the checkout's
 * schedule code), the contact's addresses, and the order's option, address and slot now.
 */
import type { DeliveryChoices } from '@vitrine/contracts/order-edits';
import type { Db } from '../../db/client.ts';
import { fullAddress, listAddresses } from '../../modules/customer/service.ts';
import { listLogistics, scheduleDaysFor } from '../../modules/logistics/service.ts';
import type { OrderRow } from '../../modules/order/service.ts';

/** The slots of `days` (the checkout's schedule code) as the edit dialog lists them. */
const slotsOf = (days: Awaited<ReturnType<typeof scheduleDaysFor>>) =>
  days.flatMap((day) =>
    day.options.map((slot) => ({
      id: slot.id,
      day: day.day,
      startTime: slot.startTime,
      endTime: slot.endTime,
      enabled: slot.enabled,
    })),
  );

/**
 * What 'Entrega' of the edit dialog may choose: the order's option, address and slot now, the shop's options each
 * with the slots it books from, the contact's addresses and the slots the order's option books from (the
 * checkout's schedule code).
 */
export async function deliveryChoices(db: Db, order: OrderRow): Promise<DeliveryChoices> {
  const checkout = order.checkout ?? {};
  const logistic = checkout.logistic?.manual ? null : (checkout.logistic ?? null);
  const sellerId = checkout.sellerId ?? null;
  const [options, addresses] = await Promise.all([
    listLogistics(db, order.shop_id),
    order.contact_id ? listAddresses(db, order.shop_id, order.contact_id) : [],
  ]);
  const optionSlots: DeliveryChoices['slots'][] = [];
  for (const o of options) {
    const choice = { logistic: { providerId: o.provider_id, type: o.type }, sellerId };
    optionSlots.push(slotsOf(await scheduleDaysFor(db, order.shop_id, choice)));
  }
  // The order's own option is one of the shop's: its slots are already read (a manual freight, or none, is not).
  const own = options.findIndex((o) => o.provider_id === logistic?.providerId && o.type === logistic?.type);
  const slots =
    own >= 0 ? optionSlots[own]! : slotsOf(await scheduleDaysFor(db, order.shop_id, { logistic, sellerId }));
  return {
    providerId: logistic?.providerId ?? null,
    type: checkout.logisticType ?? logistic?.type ?? null,
    addressId: checkout.addressId ?? null,
    slotId: checkout.slotId ?? null,
    options: options.map((o, i) => ({
      providerId: o.provider_id,
      type: o.type,
      name: o.name,
      priceCents: o.price_cents,
      slots: optionSlots[i]!,
    })),
    addresses: addresses.map((a) => ({ id: a.id, text: fullAddress(a) })),
    slots,
  };
}
