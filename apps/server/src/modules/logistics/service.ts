import type { LogisticOption, SellerOption } from '@vitrine/contracts/checkout';
import { LogisticType } from '@vitrine/contracts/enums';
import { centsToReais, reaisToCents } from '@vitrine/contracts/money';
import type { Order } from '@vitrine/contracts/order';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { listAddresses } from '../customer/service.ts';
import { getCurrentOrder } from '../order/service.ts';
import type { SessionContext } from '../session/service.ts';
import { getShop, settingsOf } from '../shop/service.ts';
import { areaServing, type Place } from './areas.ts';
import { listLogistics, listSellers, type LogisticRow, type SellerRow } from './repository.ts';

const digits = (v: string | undefined) => (v ?? '').replace(/\D/g, '');

/** Spec §3 Seller option of a store. */
export function sellerOption(s: SellerRow): SellerOption {
  return {
    providerId: s.provider_id,
    name: s.name,
    address: `${s.street}, ${s.number} - ${s.neighborhood}, ${s.city} - ${s.state}`,
    serviceTax: centsToReais(s.service_tax_cents),
    allowedPriceTables: s.allowed_price_tables,
    useDefaultPriceTable: s.use_default_price_table,
    defaultPriceTable: s.default_price_table_id,
  };
}

/** Where a store's orders are picked up (null without a store). */
export function pickUpAddressOf(seller: SellerRow | null | undefined) {
  return seller
    ? { name: seller.name, street: seller.street, number: seller.number, neighborhood: seller.neighborhood }
    : null;
}

/** Stores (sellers) of the session's shop. */
export async function listStores(db: Queryable, session: SessionContext): Promise<SellerOption[]> {
  return (await listSellers(db, session.shopId)).map(sellerOption);
}

/** The fee of `row` at `place`: pickup at its price, delivery at the fee of the area covering it (null: none). */
export function feeAt(row: LogisticRow, place: Place): number | null {
  if (row.type === LogisticType.StorePickUp) return row.price_cents;
  return areaServing(row, place)?.feeCents ?? null;
}

function toOption(
  row: LogisticRow,
  seller: SellerRow | undefined,
  itemsCents: number,
  feeCents: number,
): LogisticOption {
  const free = row.free_above_cents !== null && itemsCents >= row.free_above_cents;
  return {
    providerId: row.provider_id,
    type: row.type,
    name: row.name,
    price: centsToReais(free ? 0 : feeCents),
    orderMinPrice: row.order_min_price_cents === null ? null : centsToReais(row.order_min_price_cents),
    maxDistinctItems: row.max_distinct_items,
    maxItemsAmout: row.max_items,
    shippingTimeEstimative: row.shipping_time_estimative,
    minShippingTimeEstimative: row.min_shipping_time_estimative,
    storeName: seller?.name ?? '',
    description: row.description,
    storePickUpAddress: row.type === LogisticType.StorePickUp ? pickUpAddressOf(seller) : null,
  };
}

/** Delivery is refused for shipping-restricted items unless the shop allows it (spec §2/§5). */
function assertDeliveryAllowed(order: Order, settings: ShopSettings, type: number) {
  if (type !== LogisticType.ExpressDelivery || settings.allowShippingRestrictedProducts) return;
  if (order.items.some((i) => i.hasShippingRestriction))
    throw new AppError('unprocessable', 'deliveryRestricted');
}

/**
 * Pickup (type 0) or delivery (type 1) options for the current order, each delivery priced by the area covering
 * `code` (the CEP typed, with the neighbourhood of the contact's address at that CEP and number) or else the
 * order's chosen address; limited to the chosen seller when there is one.
 */
export async function logisticOptions(
  db: Db,
  session: SessionContext,
  query: { type: number; code?: string | undefined; number?: string | undefined },
): Promise<LogisticOption[]> {
  const [order, shop, sellers, rows] = await Promise.all([
    getCurrentOrder(db, session),
    getShop(db, session.shopId),
    listSellers(db, session.shopId),
    listLogistics(db, session.shopId, query.type),
  ]);
  assertDeliveryAllowed(order, settingsOf(shop), query.type);
  // The contact's address the typed CEP (and number) names, else the one the order chose: its neighbourhood.
  const typed = digits(query.code);
  const addresses = session.contactId ? await listAddresses(db, session.shopId, session.contactId) : [];
  const address = typed
    ? addresses.find((a) => a.zip_code === typed && (!query.number || a.number === query.number))
    : addresses.find((a) => a.id === order.checkout?.addressId);
  const place: Place = {
    cep: typed || (address?.zip_code ?? ''),
    neighborhood: address?.neighborhood ?? null,
    city: address?.city ?? null,
  };
  const sellerId = order.seller ? sellers.find((s) => s.provider_id === order.seller?.providerId)?.id : null;
  const items = reaisToCents(order.itemsAmout);
  const options = rows
    .filter((row) => !sellerId || row.seller_id === null || row.seller_id === sellerId)
    .flatMap((row) => {
      const fee = feeAt(row, place);
      return fee === null
        ? []
        : [
            toOption(
              row,
              sellers.find((s) => s.id === row.seller_id),
              items,
              fee,
            ),
          ];
    });
  if (query.type === LogisticType.ExpressDelivery && !options.length)
    throw new AppError('unprocessable', 'logisticUnavailable');
  return options;
}

// Offered to other modules (a module imports another only through its service.ts: docs/architecture.md).
export { listLogistics, listSellers, type LogisticRow, type SellerRow } from './repository.ts';
export type { Place } from './areas.ts';
export {
  deliveryOptionsOf,
  removeDeliveryOption,
  removeStore,
  saveDeliveryOption,
  saveStore,
  storesOf,
} from './setup.ts';
export { saveSchedule, scheduleViewOf } from './schedule-setup.ts';
export { heldSlotId, holdSlot, scopeOfSlot } from './schedule-repository.ts';
export { scopeForChoice, type CheckoutChoice } from './schedule.ts';
export { sameScope, type SlotScope } from './schedule-plan.ts';

// What routes, flows and plugins use of the module (issue 30: they import it through this face only).
export { hasLogisticOption } from './repository.ts';
export { scheduleDays, scheduleDaysFor } from './schedule.ts';
