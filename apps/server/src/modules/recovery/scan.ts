/**
 * The rule scan's gate (`recovery_scan`, decision 0057): the scan runs once per interval across every instance —
 * the instance whose update moves `next_at` runs it (the batches: reminders-repository.ts `scanBatch`). Times come
 * from the caller's clock (tests inject it).
 */
import type { Queryable } from '../../db/client.ts';

/** True when this caller runs the scan now (and the next one is due `intervalMs` later). */
export async function claimScan(
  db: Queryable,
  owner: string,
  now: Date,
  intervalMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `update recovery_scan set next_at = $2::timestamptz + make_interval(secs => $3), owner = $1
      where id = 1 and next_at <= $2::timestamptz returning id`,
    [owner, now.toISOString(), intervalMs / 1000],
  );
  return rows.length > 0;
}
