/**
 * Orders-board fixtures: placed orders written straight to the database (a contact, their chat session, one
 * product line, the order with confirmed_at set — numbered by the migration's trigger — and optionally a paid
 * payment with its event and ledger row), so board tests control time, channel and payment without running a checkout.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { newId } from '../lib/ids.ts';

export type TestOrder = {
  name: string;
  phone: string;
  channelType?: number;
  confirmedAt?: string;
  totalCents?: number;
  quantity?: number;
  paid?: boolean;
  pickup?: boolean;
  /** A kilo product with portions of this many kg (the line's quantity counts portions). */
  kiloPortion?: number;
  /** OrderStatus (Received unless told). */
  status?: number;
  /** Merged over the kit's checkout (an agent, a coupon, another store or payment method…). */
  checkout?: Record<string, unknown>;
  discountCents?: number;
  /** A sent refund of this much of the (paid) order. */
  refundedCents?: number;
};

/** Inserts a placed (Received) order of `shopId` and answers its id. */
export async function placeTestOrder(db: Queryable, shopId: string, o: TestOrder): Promise<string> {
  const contactId = newId('con');
  await db.query(
    `insert into contacts (id, shop_id, name, phone, document) values ($1, $2, $3, $4, '52998224725')
     on conflict (shop_id, phone) do nothing`,
    [contactId, shopId, o.name, o.phone],
  );
  const [contact] = await db.query<{ id: string }>(
    'select id from contacts where shop_id = $1 and phone = $2',
    [shopId, o.phone],
  );
  const userId = `user-${o.phone}`;
  const channelType = o.channelType ?? 1;
  await db.query(
    `insert into sessions (id, shop_id, token_hash, session_type, channel_type, channel_id, user_id, contact_id,
       expires_at) values ($1, $2, $3, 0, $4, $5, $6, $7, now() + interval '1 day')`,
    [newId('ses'), shopId, randomBytes(16).toString('hex'), channelType, o.phone, userId, contact!.id],
  );
  const productId = newId('prd');
  const total = o.totalCents ?? 1990;
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo)
     values ($1, $2, $3, $3, 'Banana prata', $4, $5, $6)`,
    [productId, shopId, productId.slice(-10), total, o.kiloPortion !== undefined, o.kiloPortion ?? null],
  );
  const orderId = newId('ord');
  const checkout = {
    paymentMethod: 3,
    logistic: {
      providerId: 'l1',
      type: o.pickup ? 0 : 1,
      name: o.pickup ? 'Retirada na loja' : 'Entrega expressa',
      priceCents: 0,
      freeAboveCents: null,
      orderMinPriceCents: null,
      maxDistinctItems: null,
      maxItems: null,
      shippingTimeEstimative: null,
      storePickUpAddress: o.pickup
        ? { name: 'Loja Centro', street: 'Rua A', number: '10', neighborhood: 'Centro' }
        : null,
      sellerId: null,
      manual: false,
    },
    address: o.pickup
      ? null
      : { fullAddress: 'Rua das Flores, 12 - Centro, São Paulo - SP', zipCode: '01001000' },
    slot: { day: '2026-11-25', startTime: '09:00', endTime: '12:00' },
    seller: { providerId: 's1', name: 'Loja Centro', serviceTaxCents: 0 },
    ...o.checkout,
  };
  await db.query(
    `insert into orders (id, shop_id, user_id, contact_id, channel_type, status, items_amount_cents, total_cents,
       checkout, confirmed_at, next_line_index, discount_cents)
     values ($1, $2, $3, $4, $5, $9::smallint, $6::int + $10::int, $6, $7, coalesce($8::timestamptz, now()), 1, $10::int)`,
    [
      orderId,
      shopId,
      userId,
      contact!.id,
      channelType,
      total,
      JSON.stringify(checkout),
      o.confirmedAt ?? null,
      o.status ?? 1,
      o.discountCents ?? 0,
    ],
  );
  await db.query(
    `insert into order_items (id, shop_id, order_id, line_index, product_id, sku, name, quantity, unit_price_cents,
       total_cents) values ($1, $2, $3, 0, $4, 'BAN-1', 'Banana prata', $5, $6, $6)`,
    [newId('itm'), shopId, orderId, productId, o.quantity ?? 1, total],
  );
  if (o.paid) {
    const paymentId = newId('pay');
    await db.query(
      `insert into payments (id, shop_id, order_id, user_id, gateway, method, amount_cents, status)
       values ($1, $2, $3, $4, 'sandbox', 3, $5, 1)`,
      [paymentId, shopId, orderId, userId, total],
    );
    await db.query(
      `insert into payment_events (id, payment_id, shop_id, gateway, kind, source, from_status, to_status, applied)
       values ($1, $2, $3, 'sandbox', 'paid', 'webhook', 0, 1, true)`,
      [newId('pev'), paymentId, shopId],
    );
    await db.query(
      `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, payment_id, received_at)
       values ($1, $2, $3, 'received', $4, 'gateway', 3, $5, now())`,
      [newId('led'), shopId, orderId, total, paymentId],
    );
  }
  if (o.refundedCents) {
    const refundId = newId('rfd');
    await db.query(
      `insert into order_refunds (id, shop_id, order_id, entry_id, rail, status, amount_cents, reason, restock,
         granted_by_id, granted_by_name, sent_at)
       select $1, $2, $3, id, 'manual', 'sent', $4, 'Produto com defeito', false, 'stu_test', 'Dona Ana', now()
         from payment_ledger where order_id = $3 limit 1`,
      [refundId, shopId, orderId, o.refundedCents],
    );
    await db.query(
      `insert into payment_ledger (id, shop_id, order_id, kind, amount_cents, source, method, order_refund_id,
         refund_id, received_at) values ($1, $2, $3, 'refunded', $4, 'manual', 3, $5, $6, now())`,
      [newId('led'), shopId, orderId, -o.refundedCents, refundId, refundId.replace('_', '')],
    );
  }
  return orderId;
}
