/**
 * A contact's data rights (LGPD art. 18; issue 39, item 12) on the orders: what is held (each placed order's
 * number, dates, status, lines and totals, the delivery address) and the erasure — orders stay (tax law: totals,
 * items, dates), the channel's user id and the assistant's search terms go, and the delivery address too unless
 * `keepInvoiceData` (an invoice needs it).
 */
import type { Queryable } from '../../db/client.ts';

export type ContactOrderHeld = {
  id: string;
  number: number | null;
  status: number;
  confirmed_at: string | null;
  total_cents: number;
  address: unknown;
  items: { name: string; quantity: number; total_cents: number }[];
};

export async function contactOrdersHeld(
  db: Queryable,
  shopId: string,
  contactId: string,
): Promise<ContactOrderHeld[]> {
  return db.query<ContactOrderHeld>(
    `select o.id, o.number, o.status, o.confirmed_at, o.total_cents, o.checkout -> 'address' as address,
            coalesce((select json_agg(json_build_object('name', i.name, 'quantity', i.quantity,
                                                        'total_cents', i.total_cents) order by i.line_index)
                        from order_items i where i.order_id = o.id), '[]') as items
       from orders o where o.shop_id = $1 and o.contact_id = $2 order by o.created_at`,
    [shopId, contactId],
  );
}

export { anonymiseContactOrders } from './repository.ts';
