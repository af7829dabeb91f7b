/**
 * Order edits' fixtures (issue 34, decision 0053): a placed order of a contact with their storefront session
 * (what the proposal's link mints), and the catalogue an edit adds from — a tracked product with counted stock and
 * a kilo product (1 kg portions).
 */
import type { Db } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import { createContactSession } from '../modules/session/service.ts';
import { placeTestOrder } from './board-kit.ts';

export type EditableOrder = {
  orderId: string;
  /** The contact's storefront session code (Authorization: Bearer). */
  contactCode: string;
  /** The order's first line's product (code). */
  banana: string;
  /** A tracked product, R$ 5,00, with `onHand` counted. */
  milk: { code: string; productId: string };
  /** A kilo product, R$ 40,00 the 1 kg portion, untracked. */
  cheese: string;
};

async function product(db: Db, shopId: string, name: string, priceCents: number, kilo = false) {
  const id = newId('prd');
  const code = id.slice(-10);
  await db.query(
    `insert into products (id, shop_id, provider_id, sku, name, price_cents, sold_in_kilo, amount_in_kilo)
     values ($1, $2, $3, $3, $4, $5, $6, $7)`,
    [id, shopId, code, name, priceCents, kilo, kilo ? 1 : null],
  );
  return { id, code };
}

/** A Received order (1 × Banana prata, R$ 10,00) of a contact with a live storefront session. */
export async function editableOrder(
  db: Db,
  shopId: string,
  o: { phone: string; onHand?: number; paid?: boolean; checkout?: Record<string, unknown> },
): Promise<EditableOrder> {
  const orderId = await placeTestOrder(db, shopId, {
    name: 'Cliente',
    phone: o.phone,
    totalCents: 1000,
    paid: o.paid,
    checkout: o.checkout,
  });
  // Real sessions buy as their contact (user id = contact id), as the platform's and the link's do.
  const [order] = await db.query<{ contact_id: string; user_id: string }>(
    'select contact_id, user_id from orders where id = $1',
    [orderId],
  );
  await db.query('update orders set user_id = contact_id where id = $1', [orderId]);
  await db.query('update sessions set user_id = $2 where user_id = $1', [order!.user_id, order!.contact_id]);
  const [line] = await db.query<{ provider_id: string }>(
    'select p.provider_id from order_items i join products p on p.id = i.product_id where i.order_id = $1',
    [orderId],
  );
  const milk = await product(db, shopId, 'Leite integral', 500);
  await db.query('insert into stock_settings (product_id, shop_id, track) values ($1, $2, true)', [
    milk.id,
    shopId,
  ]);
  await db.query(
    `insert into stock_movements (shop_id, unit_id, product_id, reason, on_hand_delta, actor, note)
     values ($1, $2, $2, 'adjustment', $3, 'staff', 'Contagem')`,
    [shopId, milk.id, o.onHand ?? 10],
  );
  const cheese = await product(db, shopId, 'Queijo minas', 4000, true);
  const session = await createContactSession(db, 3_600_000, {
    shopId,
    contactId: order!.contact_id,
    channelType: 1,
    channelId: o.phone,
  });
  return {
    orderId,
    contactCode: session.code,
    banana: line!.provider_id,
    milk: { code: milk.code, productId: milk.id },
    cheese: cheese.code,
  };
}

/** Delivery fixtures of an edit (`tag` keeps ids apart): options, the contact's address, the shop's slots. */
export type EditDelivery = {
  /** The contact's address in São Paulo (CEP 01310-100). */
  addressId: string;
  /** Slots two days ahead: `last` has one place, `roomy` five, `past` is past its cut-off. */
  slots: { last: string; roomy: string; past: string };
};

/**
 * Three delivery options — 'rapida' and 'tarde' at R$ 8,00 over São Paulo's CEPs, 'curitiba' at R$ 15,00 over
 * Curitiba's only — the order's contact's address in São Paulo and three of the shop's slots.
 */
export async function editDelivery(
  db: Db,
  shopId: string,
  orderId: string,
  tag: string,
): Promise<EditDelivery> {
  await db.query(
    `insert into logistic_options (id, shop_id, provider_id, type, name, price_cents, shipping_time_estimative,
       cep_from, cep_to)
     values ($2 || '-rapida', $1, 'rapida', 1, 'Entrega rápida', 800, 'Hoje', '01000000', '05999999'),
            ($2 || '-tarde', $1, 'tarde', 1, 'Entrega à tarde', 800, 'Hoje', '01000000', '05999999'),
            ($2 || '-curitiba', $1, 'curitiba', 1, 'Entrega Curitiba', 1500, '2 dias', '80000000', '82999999')
     on conflict do nothing`,
    [shopId, `lgo-${tag}`],
  );
  const addressId = newId('adr');
  await db.query(
    `insert into addresses (id, shop_id, contact_id, name, zip_code, street, number, neighborhood, city, state)
     select $1, $2, contact_id, 'Casa', '01310100', 'Avenida Paulista', '1000', 'Bela Vista', 'São Paulo', 'SP'
       from orders where id = $3`,
    [addressId, shopId, orderId],
  );
  const slots = { last: `slt-${tag}-last`, roomy: `slt-${tag}-roomy`, past: `slt-${tag}-past` };
  await db.query(
    `insert into schedule_slots (id, shop_id, day, start_time, end_time, schedule_until, capacity)
     values ($2, $1, current_date + 2, '08:00', '10:00', now() + interval '1 day', 1),
            ($3, $1, current_date + 2, '10:00', '12:00', now() + interval '1 day', 5),
            ($4, $1, current_date + 2, '14:00', '16:00', now() - interval '1 hour', 5)
     on conflict do nothing`,
    [shopId, slots.last, slots.roomy, slots.past],
  );
  return { addressId, slots };
}

/**
 * A Received order as WhatsApp's catalogue places it (issue 35): the lines, no delivery option, address or slot
 * yet, and no payment method; its contact's storefront session (what the summary's link mints).
 */
export async function catalogueOrder(
  db: Db,
  shopId: string,
  o: { phone: string; paid?: boolean },
): Promise<EditableOrder> {
  const order = await editableOrder(db, shopId, o);
  await db.query(
    `update orders set checkout = checkout - 'logistic' - 'address' - 'slot' - 'seller' - 'paymentMethod'
      where id = $1`,
    [order.orderId],
  );
  return order;
}
