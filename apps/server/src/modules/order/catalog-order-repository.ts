/**
 * `whatsapp_catalog_orders` (migration 0072, issue 35): one row per `order` message of WhatsApp's own catalogue
 * and shop — the claim that places it once across redeliveries and instances, the order placed, and the notes the
 * agent reads on it ('Itens não encontrados: …'). The only writer of the table; the board reads it by join.
 */
import type { Queryable } from '../../db/client.ts';

/**
 * Claims the message for the shop in `tx`: true for the first claim; false when a claim exists — committed, or
 * another transaction's, which this one waits for (the primary key) and then sees.
 */
export async function claimCatalogOrder(
  tx: Queryable,
  shopId: string,
  messageId: string,
  catalogId: string,
): Promise<boolean> {
  const rows = await tx.query(
    `insert into whatsapp_catalog_orders (shop_id, message_id, catalog_id) values ($1, $2, $3)
     on conflict (shop_id, message_id) do nothing returning message_id`,
    [shopId, messageId, catalogId],
  );
  return rows.length === 1;
}

/** Records what the claimed message became: its contact, the order placed (or none), the notes for the agent. */
export async function recordCatalogOrder(
  tx: Queryable,
  shopId: string,
  messageId: string,
  contactId: string,
  orderId: string | null,
  notes: string[],
): Promise<void> {
  await tx.query(
    `update whatsapp_catalog_orders set contact_id = $3, order_id = $4, notes = $5
      where shop_id = $1 and message_id = $2`,
    [shopId, messageId, contactId, orderId, JSON.stringify(notes)],
  );
}

export type NotPlacedRow = {
  message_id: string;
  created_at: Date;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string[];
};

/** The shop's catalogue messages of which nothing was placed since `since`, newest first, at most `limit`. */
export function findNotPlacedCatalogOrders(
  db: Queryable,
  shopId: string,
  since: Date,
  limit: number,
): Promise<NotPlacedRow[]> {
  return db.query<NotPlacedRow>(
    `select w.message_id, w.created_at, c.name as contact_name, c.phone as contact_phone, w.notes
       from whatsapp_catalog_orders w left join contacts c on c.id = w.contact_id
      where w.shop_id = $1 and w.order_id is null and w.created_at >= $2
      order by w.created_at desc, w.message_id limit $3`,
    [shopId, since, limit],
  );
}

/**
 * A contact's erasure (decision 0052): the notes of their catalogue messages — which may quote what they wrote
 * ('Mensagem do cliente: …') — are emptied and the rows no longer name them; the claims stay (a redelivery must still
 * place nothing). Rows from before migration 0082 are found by their order. Answers how many were cleared.
 */
export async function eraseContactCatalogOrders(
  tx: Queryable,
  shopId: string,
  contactId: string,
): Promise<number> {
  const rows = await tx.query(
    `update whatsapp_catalog_orders set notes = '[]'::jsonb, contact_id = null
      where shop_id = $1
        and (contact_id = $2 or order_id in (select id from orders where shop_id = $1 and contact_id = $2))
      returning message_id`,
    [shopId, contactId],
  );
  return rows.length;
}
