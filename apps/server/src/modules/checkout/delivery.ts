/**
 * The delivery choices of the checkout (spec §4): the logistic option (pickup or delivery, with the address), a
 * manual freight (agents of manual-price shops) and the delivery slot. Each is a checkout change (change.ts) over
 * the options the logistics module offers; the price always comes from the shop's option, never from the client.
 */
import { LogisticType } from '@vitrine/contracts/enums';
import type { Order } from '@vitrine/contracts/order';
import { reaisToCents } from '@vitrine/contracts/money';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { fullAddress, listAddresses } from '../customer/service.ts';
import {
  feeAt,
  holdSlot,
  listLogistics,
  listSellers,
  pickUpAddressOf,
  sameScope,
  scopeForChoice,
  scopeOfSlot,
  type LogisticRow,
  type SellerRow,
} from '../logistics/service.ts';
import type { CheckoutState, ChosenLogistic } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { changeCheckout, type CheckoutChange } from './change.ts';

function chosenFrom(row: LogisticRow, seller: SellerRow | undefined, priceCents: number): ChosenLogistic {
  return {
    providerId: row.provider_id,
    type: row.type,
    name: row.name,
    priceCents,
    freeAboveCents: row.free_above_cents,
    orderMinPriceCents: row.order_min_price_cents,
    maxDistinctItems: row.max_distinct_items,
    maxItems: row.max_items,
    shippingTimeEstimative: row.shipping_time_estimative,
    storePickUpAddress: pickUpAddressOf(seller),
    sellerId: seller?.id ?? null,
    manual: false,
  };
}

/** The slots the checkout's option or store books from (decision 0036): its own windows', else the shop's. */
const slotScopeOf = (tx: Queryable, session: SessionContext, checkout: CheckoutState) =>
  scopeForChoice(tx, session.shopId, {
    logistic: checkout.logistic?.manual ? null : checkout.logistic,
    sellerId: checkout.logistic?.sellerId ?? checkout.sellerId ?? null,
  });

/** A slot chosen before stays only when the new option or store books from the same schedule. */
async function keepSlotIfOffered(tx: Queryable, session: SessionContext, checkout: CheckoutState) {
  if (!checkout.slotId) return;
  const held = await scopeOfSlot(tx, checkout.slotId);
  if (held && sameScope(held, await slotScopeOf(tx, session, checkout))) return;
  checkout.slotId = null;
  checkout.slot = null;
}

/**
 * Picks the delivery address by index into the contact's list, or by id (an order edit); 404 when it is not one of
 * the contact's.
 */
async function addressFor(tx: Queryable, session: SessionContext, pick: LogisticChoice) {
  const { addressIndex: index, addressId: id } = pick;
  if ((index === null || index === undefined) && !id) return null;
  const list = session.contactId ? await listAddresses(tx, session.shopId, session.contactId) : [];
  const address = id ? list.find((a) => a.id === id) : list[index!];
  if (!address) throw new AppError('notFound', 'addressNotFound');
  return { id: address.id, fullAddress: fullAddress(address), zipCode: address.zip_code };
}

/** Where the order is delivered: the address chosen now or before, null while there is none. */
async function placeOfOrder(tx: Queryable, session: SessionContext, addressId: string | null | undefined) {
  if (!addressId || !session.contactId) return null;
  const address = (await listAddresses(tx, session.shopId, session.contactId)).find(
    (a) => a.id === addressId,
  );
  return address ? { cep: address.zip_code, neighborhood: address.neighborhood, city: address.city } : null;
}

/** A logistic choice: the option, and the address by index into the contact's list or by id. */
export type LogisticChoice = {
  providerId?: string | null | undefined;
  type: number;
  addressIndex?: number | null | undefined;
  addressId?: string | null | undefined;
};

/**
 * The checkout's logistic choice on an open change (the cart's and an order edit's): a type change first clears
 * address, logistic and seller (spec §4); the price comes from the shop's option at the order's address (422 where
 * it does not deliver), never from the client; a slot stays only when the new option books from the same schedule.
 */
export async function chooseLogistic(c: CheckoutChange, session: SessionContext, body: LogisticChoice) {
  const { change, checkout, settings } = c;
  const sellers = await listSellers(change.tx, session.shopId);
  const rows = await listLogistics(change.tx, session.shopId);
  const previousType = checkout.logisticType ?? null;
  checkout.logisticType = body.type;
  if (previousType !== null && previousType !== body.type) {
    Object.assign(checkout, { addressId: null, address: null, logistic: null });
    Object.assign(checkout, { sellerId: null, seller: null });
  }
  if (
    body.type === LogisticType.ExpressDelivery &&
    !settings.allowShippingRestrictedProducts &&
    change.items.some((i) => i.has_shipping_restriction)
  ) {
    throw new AppError('unprocessable', 'deliveryRestricted');
  }
  const address = await addressFor(change.tx, session, body);
  if (address)
    Object.assign(checkout, {
      addressId: address.id,
      address: { fullAddress: address.fullAddress, zipCode: address.zipCode },
    });
  if (!body.providerId) return;
  const row = rows.find((r) => r.provider_id === body.providerId && r.type === body.type);
  if (!row) throw new AppError('notFound', 'logisticNotFound');
  // A delivery to a known address is priced by the area covering it, and refused where it does not deliver.
  const place = await placeOfOrder(change.tx, session, checkout.addressId);
  const fee = place ? feeAt(row, place) : row.price_cents;
  if (fee === null) throw new AppError('unprocessable', 'logisticUnavailable');
  checkout.logistic = chosenFrom(
    row,
    sellers.find((s) => s.id === row.seller_id),
    fee,
  );
  await keepSlotIfOffered(change.tx, session, checkout);
}

/** Selects a logistic option ({providerId, type}) of the session's current order (chooseLogistic). */
export async function selectLogistic(db: Db, session: SessionContext, body: LogisticChoice): Promise<Order> {
  return changeCheckout(db, session, (c) => chooseLogistic(c, session, body));
}

/** Manual freight (manual-price shops, agents): 'Grátis' or 'Customizado' with an amount, at store `code`. */
export async function setManualLogistic(
  db: Db,
  session: SessionContext,
  code: string | undefined,
  body: {
    type: number;
    freight: 'Grátis' | 'Customizado';
    amount: number;
    addressIndex?: number | null | undefined;
  },
): Promise<Order> {
  const sellers = await listSellers(db, session.shopId);
  const seller = sellers.find((s) => s.provider_id === code) ?? null;
  if (code && !seller) throw new AppError('notFound', 'sellerNotFound');
  return changeCheckout(db, session, async ({ change, checkout, settings }) => {
    if (!settings.enableManualPrices) throw new AppError('unprocessable', 'manualPricesDisabled');
    const address = await addressFor(change.tx, session, body);
    if (address)
      Object.assign(checkout, {
        addressId: address.id,
        address: { fullAddress: address.fullAddress, zipCode: address.zipCode },
      });
    checkout.logisticType = body.type;
    checkout.logistic = {
      providerId: 'manual',
      type: body.type,
      name: body.freight === 'Grátis' ? 'Frete grátis' : 'Frete personalizado',
      priceCents: body.freight === 'Grátis' ? 0 : reaisToCents(body.amount),
      freeAboveCents: null,
      orderMinPriceCents: null,
      maxDistinctItems: null,
      maxItems: null,
      shippingTimeEstimative: null,
      storePickUpAddress: pickUpAddressOf(seller),
      sellerId: seller?.id ?? null,
      manual: true,
    };
    await keepSlotIfOffered(change.tx, session, checkout);
  });
}

/**
 * Takes a place in a slot for the change's order, giving back the one it held (409 'slotUnavailable' when full or
 * closed); a slot of another schedule than the order's option or store books from is not found (404). With
 * `dryRun` (an order edit's proposal) the same checks run and nothing is reserved.
 */
export async function chooseSlot(c: CheckoutChange, session: SessionContext, slotId: string, dryRun = false) {
  const scope = await slotScopeOf(c.change.tx, session, c.checkout);
  const slot = await holdSlot(c.change.tx, session.shopId, c.change.order.id, slotId, scope, dryRun);
  if (slot === 'notFound' || slot === null) throw new AppError('notFound', 'slotNotFound');
  if (slot === 'full') throw new AppError('conflict', 'slotUnavailable');
  c.checkout.slotId = slot.id;
  c.checkout.slot = { day: slot.day, startTime: slot.start_time, endTime: slot.end_time };
}

/** Takes a place in a slot for the session's current order (chooseSlot). */
export async function selectSlot(db: Db, session: SessionContext, slotId: string): Promise<Order> {
  return changeCheckout(db, session, (c) => chooseSlot(c, session, slotId));
}
