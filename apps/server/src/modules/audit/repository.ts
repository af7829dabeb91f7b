/** audit_log: who did what to a shop's team and setup, newest first. Append-only. */
import type { Queryable } from '../../db/client.ts';

export type AuditRow = {
  id: string;
  actor_label: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
};

export async function insertAudit(
  db: Queryable,
  row: {
    id: string;
    shopId: string;
    actorUserId: string | null;
    actorLabel: string;
    action: string;
    target: string | null;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  await db.query(
    `insert into audit_log (id, shop_id, actor_user_id, actor_label, action, target, detail)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.id, row.shopId, row.actorUserId, row.actorLabel, row.action, row.target, JSON.stringify(row.detail)],
  );
}

/** A page of the shop's entries older than `before` (an entry id), newest first. */
export async function listAudit(
  db: Queryable,
  shopId: string,
  before: string | null,
  limit: number,
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select id, actor_label, action, target, detail, created_at from audit_log
      where shop_id = $1 and ($2::text is null or id < $2)
      order by id desc limit $3`,
    [shopId, before, limit],
  );
}

/** The shop's entries about one target (an order id), oldest first. */
export async function listAuditOfTarget(db: Queryable, shopId: string, target: string): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select id, actor_label, action, target, detail, created_at from audit_log
      where shop_id = $1 and target = $2 order by created_at, id`,
    [shopId, target],
  );
}

/** Whether staff member `userId` has an entry of the shop about any of `targets` (an order, its contact). */
export async function hasEntryOf(
  db: Queryable,
  shopId: string,
  userId: string,
  targets: string[],
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from audit_log where shop_id = $1 and actor_user_id = $2 and target = any($3::text[]) limit 1',
    [shopId, userId, targets],
  );
  return rows.length > 0;
}
