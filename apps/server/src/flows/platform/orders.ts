/**
 * The chatbot platform's order look-up (issue 19): one placed order of a shop, or a contact's placed orders by
 * phone, newest first, a keyset page at a time — read through the orders board's queries (the console shows the
 * same rows), answered with the board's status names and their pt-BR labels. No card data or document is read.
 */
import {
  BOARD_PAYMENT_STATUS_LABELS,
  BOARD_STATUS_LABELS,
  FULFILMENT_LABELS,
  ORDER_ORIGIN_LABELS,
  PAYMENT_METHOD_LABELS,
  type BoardRow,
} from '@vitrine/contracts/console-orders';
import type {
  PlatformOrder,
  PlatformOrderPage,
  PlatformOrderQuery,
} from '@vitrine/contracts/platform-orders';
import { dateTimeText } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findBoardOrder, listBoardOrders } from '../../modules/order/service.ts';
import { findShopBySlug } from '../../modules/shop/service.ts';
import { contactsOfIdentity } from '../../modules/customer/service.ts';
import { boardRowOf, decodeCursor, encodeCursor } from '../orders/board.ts';

export const PLATFORM_ORDERS_PAGE_SIZE = 10;

/** A board row as the bot reads it, its date also in the shop's `timeZone`. */
export function platformOrderOf(row: BoardRow, timeZone: string): PlatformOrder {
  return {
    id: row.id,
    number: row.number,
    placedAt: row.placedAt,
    placedAtText: dateTimeText(row.placedAt, timeZone),
    status: row.status,
    statusLabel: BOARD_STATUS_LABELS[row.status],
    fulfilment: row.fulfilment,
    fulfilmentLabel: row.fulfilment ? FULFILMENT_LABELS[row.fulfilment] : null,
    channel: row.channel,
    origin: row.origin,
    originLabel: row.origin ? ORDER_ORIGIN_LABELS[row.origin] : null,
    totalCents: row.totalCents,
    itemCount: row.itemCount,
    payment: {
      method: row.paymentMethod,
      methodLabel: row.paymentMethod === null ? null : (PAYMENT_METHOD_LABELS[row.paymentMethod] ?? null),
      status: row.paymentStatus,
      statusLabel: BOARD_PAYMENT_STATUS_LABELS[row.paymentStatus],
      paidCents: row.paidCents,
      dueCents: row.dueCents,
      refundedCents: row.refundedCents,
      refundPendingCents: row.refundPendingCents,
    },
    delivery: row.logistic,
    slot: row.slot,
  };
}

/**
 * The spellings of a Brazilian phone a contact may be stored under: its digits, with and without the DDI 55
 * (the platform names contacts as it knows them; `11999990001` and `5511999990001` are the same person).
 */
export function phoneSpellings(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const local = digits.startsWith('55') && digits.length >= 12 ? digits.slice(2) : digits;
  return [...new Set([digits, local, `55${local}`])];
}

async function shopOf(db: Queryable, slug: string) {
  const shop = await findShopBySlug(db, slug);
  if (!shop) throw new AppError('notFound', 'shopNotFound');
  return shop;
}

/** One placed order of the shop; 404 when unknown, not placed, or another shop's (which is never told apart). */
export async function platformOrder(db: Queryable, slug: string, orderId: string): Promise<PlatformOrder> {
  const shop = await shopOf(db, slug);
  const row = await findBoardOrder(db, shop.id, orderId);
  if (!row) throw new AppError('notFound', 'boardOrderNotFound');
  return platformOrderOf(boardRowOf(row, shop), shop.time_zone);
}

/** The placed orders of the shop's contact with that phone, newest first, and the next page's cursor. */
export async function platformOrdersByPhone(
  db: Queryable,
  slug: string,
  query: PlatformOrderQuery,
): Promise<PlatformOrderPage> {
  const shop = await shopOf(db, slug);
  const limit = query.limit ?? PLATFORM_ORDERS_PAGE_SIZE;
  const rows = await listBoardOrders(db, {
    shopId: shop.id,
    timeZone: shop.time_zone,
    stage: null,
    paymentState: null,
    channelType: null,
    fromDay: null,
    toDay: null,
    text: null,
    phones: query.phone ? phoneSpellings(query.phone) : null,
    contactIds: query.userId ? await contactsOfIdentity(db, shop.id, query.userId) : null,
    after: query.cursor ? decodeCursor(query.cursor) : null,
    limit,
  });
  const page = rows.slice(0, limit);
  return {
    orders: page.map((row) => platformOrderOf(boardRowOf(row, shop), shop.time_zone)),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}
