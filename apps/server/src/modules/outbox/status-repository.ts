/**
 * What WhatsApp's status webhooks say became of a sent message (migration 0062): the outbox row's delivery status
 * only moves forward (sent → delivered → read; failed at any point before read), and an order message that failed
 * because the 24-hour window was closed is queued once more as the approved template.
 */
import type { Queryable } from '../../db/client.ts';
import type { OutboxRow } from './repository.ts';

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

const RANK: Record<DeliveryStatus, number> = { sent: 1, delivered: 2, failed: 2, read: 3 };

/**
 * The shop's message row a status is about: by our callback data (`<outbox id>:<part>`) when Meta echoes it, else by
 * the wamid among the row's provider ids. Null for a message we never sent.
 */
export async function findStatusTarget(
  db: Queryable,
  shopId: string,
  messageId: string,
  callbackData: string | null,
): Promise<OutboxRow | null> {
  const byCallback = callbackData?.split(':')[0] ?? null;
  const [row] = await db.query<OutboxRow>(
    `select * from outbox where shop_id = $1 and kind = 'message'
        and (id = $2 or $3 = any(string_to_array(provider_message_id, ',')))
      order by (id = $2) desc limit 1`,
    [shopId, byCallback, messageId],
  );
  return row ?? null;
}

/** Records `status` on the row unless it already holds a later one; true when it changed. */
export async function recordDeliveryStatus(
  db: Queryable,
  rowId: string,
  status: DeliveryStatus,
  error: string | null,
): Promise<boolean> {
  const lower = (Object.keys(RANK) as DeliveryStatus[]).filter((s) => RANK[s] < RANK[status]);
  const rows = await db.query(
    `update outbox set delivery_status = $2, delivery_error = $3, delivery_updated_at = now()
      where id = $1 and (delivery_status is null or delivery_status = any($4::text[])) returning id`,
    [rowId, status, error?.slice(0, 300) ?? null, lower],
  );
  return rows.length === 1;
}

/** Marks the row's one template fallback; false when it was already taken. */
export async function claimTemplateFallback(db: Queryable, rowId: string): Promise<boolean> {
  const rows = await db.query(
    `update outbox set template_fallback_at = now() where id = $1 and template_fallback_at is null returning id`,
    [rowId],
  );
  return rows.length === 1;
}
