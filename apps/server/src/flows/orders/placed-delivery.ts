/**
 * The contact chooses the delivery of their own placed order (issue 35, decision 0054's last section): an order
 * placed from WhatsApp's own catalogue arrives without a delivery option, and the summary's link opens
 * `/order/delivery/{orderId}` with a new session of the contact's.
 *
 * - `GET /api/order/placed/{orderId}/delivery` reads what 'Editar pedido' reads for 'Entrega' (delivery-choices.ts).
 * - `POST` applies the choice with the checkout's own code (modules/checkout/edit.ts: chooseLogistic, chooseSlot,
 *   followSlot) on the order's locked change — as the staff's edit applied at once — so the fee at the address's
 *   area, the slot's capacity and cut-off are checked once, under the order's row lock. The contact's own choice is
 *   their agreement: a fee that raises the total is applied (no proposal), recorded as a version of the order by the
 *   contact, audited, the chatbot told `order.updated`; a waiting charge for the old total is cancelled (the payment
 *   page makes one for the new total).
 *
 * Only the order's contact, on their own order: 404 for another's or an unknown one (nothing tells it exists), 403
 * for an agent's session; 409 in pt-BR unless the order is Received, unpaid and without a delivery option yet.
 */
import { OrderStatus, SessionType } from '@vitrine/contracts/enums';
import { centsToReais } from '@vitrine/contracts/money';
import type { ChoosePlacedDeliveryBody, PlacedDelivery } from '@vitrine/contracts/placed-delivery';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { editAdjust } from '../../modules/checkout/service.ts';
import { listAddresses } from '../../modules/customer/service.ts';
import { feeAt, listLogistics } from '../../modules/logistics/service.ts';
import { enqueueOrderEvent } from '../../modules/messaging/service.ts';
import {
  applyEdit,
  currentVersion,
  findShopOrder,
  insertContactVersion,
  lockOrderForEdit,
  ORDER_STATUS_NAMES,
  previewEdit,
  type OrderRow,
} from '../../modules/order/service.ts';
import { cancelWaitingCharge, orderPaidCents } from '../../modules/payment/service.ts';
import { getShop } from '../../modules/shop/service.ts';
import { deliveryChoices } from './delivery-choices.ts';

const CONTACT = { userId: null, label: 'Cliente' };

/** 403 unless a contact's session: the link is the contact's, an agent sets the delivery through 'Editar pedido'. */
function assertContact(session: SessionContext): void {
  if (session.sessionType !== SessionType.Contact)
    throw new AppError('forbidden', 'placedDeliveryContactOnly');
}

/** Whether the session's own `order` may still have its delivery chosen: 404 not theirs, 409 why not. */
async function assertChoosable(db: Queryable, session: SessionContext, order: OrderRow | null) {
  if (!order?.confirmed_at || order.user_id !== session.userId)
    throw new AppError('notFound', 'placedDeliveryNotFound');
  if (order.status !== OrderStatus.Received) {
    const status = ORDER_STATUS_NAMES[order.status as OrderStatus].toLowerCase();
    throw new AppError('conflict', 'placedDeliveryStatus', { status });
  }
  if ((await orderPaidCents(db, order.id)) > 0) throw new AppError('conflict', 'placedDeliveryPaid');
  if (order.checkout?.logistic) throw new AppError('conflict', 'placedDeliveryChosen');
  return order as OrderRow & { number: number };
}

/** Each delivery option's fee at each of the contact's addresses (the checkout's feeAt; free above its minimum). */
async function feesOf(db: Queryable, order: OrderRow): Promise<PlacedDelivery['fees']> {
  if (!order.contact_id) return [];
  const [rows, addresses] = await Promise.all([
    listLogistics(db, order.shop_id),
    listAddresses(db, order.shop_id, order.contact_id),
  ]);
  return addresses.flatMap((a) =>
    rows.map((row) => {
      const fee = feeAt(row, { cep: a.zip_code, neighborhood: a.neighborhood, city: a.city });
      const free = row.free_above_cents !== null && order.items_amount_cents >= row.free_above_cents;
      return {
        addressId: a.id,
        providerId: row.provider_id,
        type: row.type,
        feeCents: fee === null ? null : free ? 0 : fee,
      };
    }),
  );
}

/** The order as the page shows it: its lines and totals now, the choices and the fees. */
async function viewOf(db: Db, order: OrderRow & { number: number }): Promise<PlacedDelivery> {
  const [current, choices, fees, shop] = await Promise.all([
    currentVersion(db, order),
    deliveryChoices(db, order),
    feesOf(db, order),
    getShop(db, order.shop_id),
  ]);
  return {
    orderId: order.id,
    orderNumber: order.number,
    shopName: shop.name,
    current,
    paymentMethod: order.checkout?.paymentMethod ?? null,
    choices,
    fees,
  };
}

/** `GET /api/order/placed/{orderId}/delivery`: the order now and the delivery it may have. */
export async function placedDeliveryOf(
  db: Db,
  session: SessionContext,
  orderId: string,
): Promise<PlacedDelivery> {
  assertContact(session);
  return viewOf(db, await assertChoosable(db, session, await findShopOrder(db, session.shopId, orderId)));
}

/**
 * `POST /api/order/placed/{orderId}/delivery`: the contact's choice, applied in one transaction under the order's
 * row lock (the checkout's code: 404 an option, address or slot not the shop's or the contact's, 422 where the
 * option does not deliver, 409 a full or past slot); answers the order as it became.
 */
export async function choosePlacedDelivery(
  db: Db,
  session: SessionContext,
  orderId: string,
  body: ChoosePlacedDeliveryBody,
): Promise<PlacedDelivery> {
  assertContact(session);
  await db.transaction(async (tx) => {
    const placed = await lockOrderForEdit(tx, session.shopId, orderId, 'shopper').catch(() => null);
    const order = await assertChoosable(tx, session, placed?.order ?? null);
    const target = { delivery: body.delivery, ...(body.slotId ? { slotId: body.slotId } : {}) };
    const none = new Set<string>();
    const { before, after } = await previewEdit(tx, placed!, [], none, editAdjust(target, { preview: true }));
    const written = await applyEdit(
      tx,
      placed!,
      [],
      none,
      after,
      editAdjust(target, { preview: false }),
      'shopper',
    );
    const row = await insertContactVersion(
      tx,
      {
        id: newId('oed'),
        shop_id: session.shopId,
        order_id: order.id,
        base_version: order.version,
        changes: [],
        checkout: target,
        before,
        after,
        difference_cents: after.totalCents - before.totalCents,
        proposed_by_name: 'Cliente',
      },
      written.order.version,
    );
    // A charge made for the old total no longer matches: the payment page makes one for the new total.
    if (row.difference_cents !== 0) await cancelWaitingCharge(tx, order.id, session);
    await enqueueOrderEvent(tx, 'order.updated', written.order, session, {
      dedupeKey: `order.updated:${order.id}:${written.order.version}`,
      extra: {
        update: {
          id: row.id,
          version: written.order.version,
          before: { totalAmout: centsToReais(before.totalCents) },
          after: { totalAmout: centsToReais(after.totalCents) },
          delivery: {
            name: after.delivery?.name ?? null,
            fee: centsToReais(after.delivery?.feeCents ?? 0),
            slot: after.delivery?.slot ?? null,
          },
        },
      },
    });
    await recordAudit(tx, session.shopId, CONTACT, 'order.delivery.chosen', order.id, {
      editId: row.id,
      fromCents: before.totalCents,
      toCents: after.totalCents,
    });
  });
  return viewOf(db, (await findShopOrder(db, session.shopId, orderId)) as OrderRow & { number: number });
}
