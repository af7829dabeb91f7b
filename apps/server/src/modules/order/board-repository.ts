/**
 * The orders board's reads (docs/decisions/0022-orders-board-and-live-events.md): placed orders of a shop, newest
 * first, filtered, one keyset page at a time. The first page walks `orders_board_idx` (or its status twin) and
 * stops after `limit + 1` rows; the customer and the latest payment are read per row of the page only.
 */
import type { Queryable } from '../../db/client.ts';
import type { CheckoutState } from './checkout-state.ts';

export type BoardFilter = {
  shopId: string;
  timeZone: string;
  status: number | null;
  /** Latest payment status; -1 = the order has no payment row. */
  paymentStatus: number | null;
  channelType: number | null;
  fromDay: string | null;
  toDay: string | null;
  text: string | null;
  /** The contact's phone, exactly, in any of these spellings (the platform's look-up); null: any contact. */
  phones?: string[] | null;
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
  payment_status: number | null;
  payment_method: number | null;
};

const ROW_SQL = `o.id, o.number, o.confirmed_at,
  to_char(o.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as cursor_at,
  o.status, o.fulfilment, o.channel_type, o.checkout, o.total_cents, o.items_amount_cents, o.discount_cents,
  o.cancel_reason, o.refund_decision, o.contact_id, o.user_id, c.name as customer_name, c.phone as customer_phone,
  (select coalesce(sum(case when i.sold_in_kilo then 1 else i.quantity end), 0)::float8 from (
     select oi.quantity, p.sold_in_kilo from order_items oi join products p on p.id = oi.product_id
      where oi.order_id = o.id and not oi.is_gift) i) as item_count,
  pay.status as payment_status, pay.method as payment_method`;

const JOINS = `left join contacts c on c.id = o.contact_id
  left join lateral (select p.status, p.method from payments p where p.order_id = o.id
                      order by p.created_at desc limit 1) pay on true`;

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
  if (f.status !== null) add((n) => `o.status = ${n}`, f.status);
  if (f.channelType !== null) add((n) => `o.channel_type = ${n}`, f.channelType);
  if (f.fromDay) add((n) => `o.confirmed_at >= (${n}::date)::timestamp at time zone s.time_zone`, f.fromDay);
  if (f.toDay) add((n) => `o.confirmed_at < (${n}::date + 1)::timestamp at time zone s.time_zone`, f.toDay);
  if (f.paymentStatus === -1) where.push('pay.status is null');
  else if (f.paymentStatus !== null) add((n) => `pay.status = ${n}`, f.paymentStatus);
  if (f.phones) add((n) => `c.phone = any(${n}::text[])`, f.phones);
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
       from orders o join shops s on s.id = o.shop_id ${JOINS}
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
