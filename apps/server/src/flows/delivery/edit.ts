/**
 * An owner or manager sets up how the shop delivers in the console 'Entrega' (issue 18): each save and its audit
 * entry (old → new values) commit together. Carts and checkouts read stores and options from the database on
 * every request, so the change reaches every instance with its commit; a confirmed order keeps the option, store
 * and fee its checkout recorded.
 */
import type { DeliveryOptionBody, ScheduleBody, StoreBody } from '@vitrine/contracts/console-delivery';
import type { Db, Queryable } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import { AppError } from '../../lib/app-error.ts';
import { priceTableIds } from '../../modules/checkout/service.ts';
import {
  removeDeliveryOption,
  removeStore,
  saveDeliveryOption,
  saveSchedule,
  saveStore,
} from '../../modules/logistics/service.ts';
import { scheduleWithOrders } from './schedule-view.ts';

export type DeliveryActor = Actor & { shopId: string };

/** A store's price tables (decision 0039) must be the shop's: 404 in pt-BR otherwise, nothing written. */
async function checkPriceTables(tx: Queryable, shopId: string, tables: StoreBody['priceTables']) {
  if (!tables) return;
  const known = await priceTableIds(tx, shopId);
  const named = [...tables.allowed, ...(tables.defaultId ? [tables.defaultId] : [])];
  if (named.some((table) => !known.has(table))) throw new AppError('notFound', 'priceTableStoreUnknown');
}

export function editStore(db: Db, actor: DeliveryActor, id: string | null, body: StoreBody) {
  return db.transaction(async (tx) => {
    await checkPriceTables(tx, actor.shopId, body.priceTables);
    const { store, changes } = await saveStore(tx, actor.shopId, id, body);
    const action = id === null ? 'delivery.store.created' : 'delivery.store.changed';
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, action, store.id, { name: store.name, changes });
    return store;
  });
}

export function deleteStore(db: Db, actor: DeliveryActor, id: string) {
  return db.transaction(async (tx) => {
    const removed = await removeStore(tx, actor.shopId, id);
    await recordAudit(tx, actor.shopId, actor, 'delivery.store.removed', id, removed);
  });
}

export function editDeliveryOption(
  db: Db,
  actor: DeliveryActor,
  id: string | null,
  body: DeliveryOptionBody,
) {
  return db.transaction(async (tx) => {
    const { option, changes } = await saveDeliveryOption(tx, actor.shopId, id, body);
    const action = id === null ? 'delivery.option.created' : 'delivery.option.changed';
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, action, option.id, { name: option.name, changes });
    return option;
  });
}

export function deleteDeliveryOption(db: Db, actor: DeliveryActor, id: string) {
  return db.transaction(async (tx) => {
    const removed = await removeDeliveryOption(tx, actor.shopId, id);
    await recordAudit(tx, actor.shopId, actor, 'delivery.option.removed', id, removed);
  });
}

/**
 * Saves the schedule of the whole shop or of the option or store the body names; its slots from today on follow
 * in the same transaction (bookings are never dropped).
 */
export async function editSchedule(db: Db, actor: DeliveryActor, body: ScheduleBody) {
  await db.transaction(async (tx) => {
    const changes = await saveSchedule(tx, actor.shopId, body);
    if (changes.length > 0)
      await recordAudit(tx, actor.shopId, actor, 'delivery.schedule.changed', null, { changes });
  });
  return scheduleWithOrders(db, actor.shopId, body);
}
