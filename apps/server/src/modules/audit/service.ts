/** The audit log of a shop: entries are written in the transaction of the change they describe. */
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { hasEntryOf, insertAudit, listAudit, listAuditOfTarget } from './repository.ts';

export type Actor = { userId: string | null; label: string };
export const PLATFORM_ACTOR: Actor = { userId: null, label: 'Plataforma' };

/** Records one action on the shop (invitation sent, role changed, access removed, shop created…). */
export async function recordAudit(
  tx: Queryable,
  shopId: string,
  actor: Actor,
  action: string,
  target: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await insertAudit(tx, {
    id: newId('aud'),
    shopId,
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action,
    target,
    detail,
  });
}

/** A page of the shop's audit log, newest first, with the cursor of the next page. */
export async function auditPageOf(db: Queryable, shopId: string, before: string | null, limit = 50) {
  const rows = await listAudit(db, shopId, before, limit + 1);
  const entries = rows.slice(0, limit).map((r) => ({
    id: r.id,
    at: new Date(r.created_at).toISOString(),
    actor: r.actor_label,
    action: r.action,
    target: r.target,
    detail: r.detail,
  }));
  return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1]!.id : null };
}

/** What was done to one target (an order), oldest first. */
export async function historyOf(db: Queryable, shopId: string, target: string) {
  const rows = await listAuditOfTarget(db, shopId, target);
  return rows.map((r) => ({
    at: new Date(r.created_at).toISOString(),
    actor: r.actor_label,
    action: r.action,
    detail: r.detail,
  }));
}

/**
 * Whether an agent is "on the order" (decision 0053): they started the sale with its contact from the console
 * ('sale.started') or already acted on the order (a payment recorded, a fulfilment step, a proposal).
 */
export function staffWorkedOn(
  db: Queryable,
  shopId: string,
  userId: string,
  order: { id: string; contact_id: string | null },
): Promise<boolean> {
  return hasEntryOf(db, shopId, userId, order.contact_id ? [order.id, order.contact_id] : [order.id]);
}
