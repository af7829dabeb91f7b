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
  o: { phone: string; onHand?: number; paid?: boolean },
): Promise<EditableOrder> {
  const orderId = await placeTestOrder(db, shopId, {
    name: 'Cliente',
    phone: o.phone,
    totalCents: 1000,
    paid: o.paid,
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
