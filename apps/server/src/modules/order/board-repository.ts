/**
 * The orders board's reads (docs/decisions/0022-orders-board-and-live-events.md): placed orders of a shop, newest
 * first, filtered, one keyset page at a time. The first page walks `orders_board_idx` (or its status twin) and
 * stops after `limit + 1` rows; the customer and the latest payment are read per row of the page only.
 */
import { addDays, dayStart } from '@vitrine/contracts/shop-time';
import type { OrderStage } from '@vitrine/contracts/console-orders';
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';
import type { CheckoutState } from './checkout-state.ts';

export type BoardFilter = {
  shopId: string;
  /** The shop's time zone: `fromDay` and `toDay` are its days (decision 0043). */
  timeZone: string;
  /** The stage of the one lifecycle (console-orders ORDER_STAGES): its status and fulfilment step. */
  stage: OrderStage | null;
  /** The order's payment state (paid / waiting / partial / overdue, decision 0046). */
  paymentState: 'paid' | 'waiting' | 'partial' | 'overdue' | null;
  /** 'pending': orders with a refund granted and not sent yet (decision 0050). */
  refund?: 'pending' | null;
  channelType: number | null;
  fromDay: string | null;
  toDay: string | null;
  text: string | null;
  /** The contact's phone, exactly, in any of these spellings (the platform's look-up); null: any contact. */
  phones?: string[] | null;
  /** Only these contacts' orders (the platform's look-up by a channel user id); null: any contact. */
  contactIds?: string[] | null;
  after: { at: string; id: string } | null;
  limit: number;
};

export type BoardOrderRow = {
  id: string;
  number: number;
  confirmed_at: Date;
  /** confirmed_at in UTC with microseconds: the exact keyset position. */
  cursor_at: string;
  status: number;
  fulfilment: string | null;
  channel_type: number;
  checkout: CheckoutState;
  total_cents: number;
  items_amount_cents: number;
  discount_cents: number;
  cancel_reason: string | null;
  refund_decision: 'refund' | 'no_refund' | null;
  contact_id: string | null;
  user_id: string;
  customer_name: string | null;
  customer_phone: string | null;
  item_count: number;
  /** Units of unit lines; kilos of kilo lines (quantity × the product's portion). */
  unit_count: number;
  weight_kg: number;
  payment_status: number | null;
  payment_method: number | null;
  /** The order's payment ledger less its sent refunds (decision 0046, 0050). */
  paid_cents: number;
  /** What its sent refunds gave back, and what its granted ones will. */
  refunded_cents: number;
  refund_pending_cents: number;
  /** Placed from WhatsApp's own catalogue: the agent's notes on it (whatsapp_catalog_orders); else null. */
  catalog_notes: string[] | null;
};

const ROW_SQL = `o.id, o.number, o.confirmed_at,
  to_char(o.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at,
  o.status, o.fulfilment, o.channel_type, o.checkout, o.total_cents, o.items_amount_cents, o.discount_cents,
  o.cancel_reason, o.refund_decision, o.contact_id, o.user_id, c.name as customer_name, c.phone as customer_phone,
  cnt.item_count, cnt.unit_count, cnt.weight_kg,
  pay.status as payment_status, pay.method as payment_method, led.paid_cents, led.refunded_cents,
  (select coalesce(sum(r.amount_cents), 0)::int from order_refunds r
    where r.order_id = o.id and r.status <> 'sent') as refund_pending_cents, w.notes as catalog_notes`;

const JOINS = `left join contacts c on c.id = o.contact_id
  left join whatsapp_catalog_orders w on w.order_id = o.id
  cross join lateral (
    select coalesce(sum(case when p.sold_in_kilo then 1 else oi.quantity end), 0)::float8 as item_count,
           coalesce(sum(oi.quantity) filter (where not p.sold_in_kilo), 0)::float8 as unit_count,
           round(coalesce(sum(oi.quantity * coalesce(p.amount_in_kilo, 1)) filter (where p.sold_in_kilo), 0), 3)::float8
             as weight_kg
      from order_items oi join products p on p.id = oi.product_id
     where oi.order_id = o.id and not oi.is_gift) cnt
  left join lateral (select p.status, p.method from payments p where p.order_id = o.id
                      order by p.created_at desc limit 1) pay on true
  cross join lateral (
    select coalesce(sum(l.amount_cents) filter (where l.order_refund_id is null), 0)::int as paid_cents,
           coalesce(-sum(l.amount_cents) filter (where l.order_refund_id is not null), 0)::int as refunded_cents
      from payment_ledger l where l.order_id = o.id) led`;

/** The payment states as SQL over the row (the same rule as paymentStateOf in the contracts). */
const STATE_SQL = {
  paid: 'led.paid_cents >= o.total_cents and led.paid_cents > 0',
  partial: 'led.paid_cents > 0 and led.paid_cents < o.total_cents',
  overdue: 'led.paid_cents <= 0 and pay.status = 2',
  waiting: 'led.paid_cents <= 0 and (pay.status is null or pay.status <> 2)',
} as const;

/** The lifecycle's stages as SQL over the row (the same rule as orderStage in the contracts). */
const OPEN = `o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized})`;
const STAGE_SQL: Record<OrderStage, string> = {
  received: `${OPEN} and o.fulfilment is null`,
  separating: `${OPEN} and o.fulfilment = 'separating'`,
  out_for_delivery: `${OPEN} and o.fulfilment = 'out_for_delivery'`,
  ready_for_pickup: `${OPEN} and o.fulfilment = 'ready_for_pickup'`,
  delivered: `o.status = ${OrderStatus.Received} and o.fulfilment = 'delivered'`,
  finalized: `o.status = ${OrderStatus.Finalized} and o.fulfilment = 'delivered'`,
  canceled: `o.status = ${OrderStatus.Canceled}`,
  error: `o.status = ${OrderStatus.Error}`,
};

/** Escapes `%`, `_` and `\` for a LIKE pattern. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the board (`limit + 1` rows: the extra one tells there is a next page). */
export async function listBoardOrders(db: Queryable, f: BoardFilter): Promise<BoardOrderRow[]> {
  const params: unknown[] = [f.shopId];
  const where: string[] = ['o.shop_id = $1', 'o.confirmed_at is not null'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (f.stage) where.push(STAGE_SQL[f.stage]);
  if (f.channelType !== null) add((n) => `o.channel_type = ${n}`, f.channelType);
  if (f.fromDay) add((n) => `o.confirmed_at >= ${n}::timestamptz`, dayStart(f.fromDay, f.timeZone));
  if (f.toDay) add((n) => `o.confirmed_at < ${n}::timestamptz`, dayStart(addDays(f.toDay, 1), f.timeZone));
  if (f.paymentState) where.push(`(${STATE_SQL[f.paymentState]})`);
  if (f.refund === 'pending')
    where.push(`exists (select 1 from order_refunds r where r.order_id = o.id and r.status <> 'sent')`);
  if (f.phones) add((n) => `c.phone = any(${n}::text[])`, f.phones);
  if (f.contactIds) add((n) => `o.contact_id = any(${n}::text[])`, f.contactIds);
  if (f.text && /^#\d{1,9}$/.test(f.text)) {
    add((n) => `o.number = ${n}`, Number(f.text.slice(1)));
  } else if (f.text) {
    const digits = f.text.replace(/\D/g, '');
    params.push(`%${likeEscape(f.text)}%`);
    const name = `$${params.length}`;
    const alternatives = [`c.name ilike ${name}`];
    if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(f.text)) {
      params.push(`%${digits}%`);
      alternatives.push(`c.phone like $${params.length}`);
    }
    if (/^\d{1,9}$/.test(f.text)) {
      params.push(Number(digits));
      alternatives.push(`o.number = $${params.length}`);
    }
    where.push(`(${alternatives.join(' or ')})`);
  }
  if (f.after) {
    params.push(f.after.at, f.after.id);
    where.push(
      `(o.confirmed_at, o.id) < ($${params.length - 1}::timestamp at time zone 'UTC', $${params.length})`,
    );
  }
  params.push(f.limit + 1);
  return db.query<BoardOrderRow>(
    `select ${ROW_SQL}
       from orders o ${JOINS}
      where ${where.join(' and ')}
      order by o.confirmed_at desc, o.id desc
      limit $${params.length}`,
    params,
  );
}

/** One placed order of the shop as a board row (null when it is not the shop's or was never placed). */
export async function findBoardOrder(
  db: Queryable,
  shopId: string,
  orderId: string,
): Promise<BoardOrderRow | null> {
  const [row] = await db.query<BoardOrderRow>(
    `select ${ROW_SQL} from orders o ${JOINS}
      where o.id = $1 and o.shop_id = $2 and o.confirmed_at is not null`,
    [orderId, shopId],
  );
  return row ?? null;
}

export type SlotOrderRow = { slot_id: string; id: string; number: number; customer_name: string | null };

/** The placed, not cancelled orders booked in the shop's slots `slotIds` (the schedule's calendar, issue 38). */
export function listSlotOrders(db: Queryable, shopId: string, slotIds: string[]): Promise<SlotOrderRow[]> {
  if (slotIds.length === 0) return Promise.resolve([]);
  return db.query<SlotOrderRow>(
    `select o.slot_id, o.id, o.number, c.name as customer_name
       from orders o left join contacts c on c.id = o.contact_id
      where o.shop_id = $1 and o.slot_id = any($2::text[]) and o.confirmed_at is not null
        and o.status <> ${OrderStatus.Canceled}
      order by o.number`,
    [shopId, slotIds],
  );
}
