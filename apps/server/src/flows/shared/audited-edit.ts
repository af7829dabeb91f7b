/**
 * An owner's edit of stored settings, audited (decisions 0038/0040): in one transaction, read before, write, read
 * after, and record `action` with the changes old → new when there are any. Answers the settings read after.
 */
import type { Db, Queryable } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';

export async function auditedEdit<S, C>(
  db: Db,
  shopId: string,
  actor: Actor,
  action: string,
  edit: {
    read: (tx: Queryable) => Promise<S>;
    write: (tx: Queryable, before: S) => Promise<void>;
    changes: (before: S, after: S) => C[];
  },
): Promise<S> {
  return db.transaction(async (tx) => {
    const before = await edit.read(tx);
    await edit.write(tx, before);
    const after = await edit.read(tx);
    const changes = edit.changes(before, after);
    if (changes.length > 0) await recordAudit(tx, shopId, actor, action, null, { changes });
    return after;
  });
}
