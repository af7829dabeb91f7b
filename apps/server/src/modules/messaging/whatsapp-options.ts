/**
 * A shop's WhatsApp options (table shop_whatsapp_options, docs/decisions/0030): whether its WhatsApp account is
 * enabled for WhatsApp's own order messages (`order_details` / `order_status`). Off unless set, by the chatbot
 * platform (`PUT /api/platform/shops/{shop}/messaging`, `whatsappOrderMessages`) or the demo seed.
 */
import type { Queryable } from '../../db/client.ts';

export async function orderMessagesEnabled(db: Queryable, shopId: string): Promise<boolean> {
  const [row] = await db.query<{ order_messages: boolean }>(
    'select order_messages from shop_whatsapp_options where shop_id = $1',
    [shopId],
  );
  return row?.order_messages ?? false;
}

export async function setOrderMessages(db: Queryable, shopId: string, enabled: boolean): Promise<void> {
  await db.query(
    `insert into shop_whatsapp_options (shop_id, order_messages) values ($1, $2)
     on conflict (shop_id) do update set order_messages = excluded.order_messages, updated_at = now()`,
    [shopId, enabled],
  );
}
