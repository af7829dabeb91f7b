import type { TrayImportStatus } from '@vitrine/contracts/tray';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';

export type JobPhase = TrayImportStatus['phase'];

export type JobRow = {
  id: string;
  shop_id: string;
  link_id: string;
  status: TrayImportStatus['status'];
  phase: JobPhase;
  next_page: number;
  products_total: number | null;
  products_done: number;
  products_skipped: number;
  skipped_product_ids: string[];
  attempts: number;
  error_message: string | null;
  started_at: Date | null;
  finished_at: Date | null;
  /** Incremental import: only products Tray says were modified since then; null = full import. */
  modified_since: Date | null;
};

const COLUMNS = `id, shop_id, link_id, status, phase, next_page, products_total, products_done, products_skipped,
  skipped_product_ids, attempts, error_message, started_at, finished_at, modified_since`;

/** How many skipped product ids a job keeps for its summary. */
export const SKIPPED_IDS_KEPT = 50;

/**
 * Queues an import for the link unless one is already queued or running; returns the pending job.
 * `modifiedSince` makes it incremental (products modified since then, nothing removed).
 */
export async function enqueueImport(
  db: Queryable,
  shopId: string,
  linkId: string,
  modifiedSince: Date | null = null,
): Promise<JobRow> {
  await db.query(
    `insert into tray_import_jobs (id, shop_id, link_id, status, modified_since) values ($1, $2, $3, 'queued', $4)
     on conflict (link_id) where status in ('queued', 'running') do nothing`,
    [newId('tij'), shopId, linkId, modifiedSince],
  );
  const [row] = await db.query<JobRow>(
    `select ${COLUMNS} from tray_import_jobs where link_id = $1 and status in ('queued', 'running')`,
    [linkId],
  );
  return row!;
}

/** Leases the next due job: a queued one, or a running one whose worker stopped renewing its lease. */
export async function claimJob(db: Queryable, owner: string, leaseMs: number): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `update tray_import_jobs j set status = 'running', lease_owner = $1,
            lease_until = now() + $2::int * interval '1 millisecond',
            started_at = coalesce(j.started_at, now()), updated_at = now()
       from (select id from tray_import_jobs
              where (status = 'queued' and run_after <= now()) or (status = 'running' and lease_until < now())
              order by run_after, created_at limit 1 for update skip locked) due
      where j.id = due.id
      returning ${COLUMNS.replace(/(\w+)/g, 'j.$1')}`,
    [owner, leaseMs],
  );
  return row ?? null;
}

export type Progress = {
  phase?: JobPhase;
  nextPage?: number;
  productsTotal?: number | null;
  productsDone?: number;
  /** Ids of the products this step left out (malformed in Tray), added to the job's count and list. */
  skippedIds?: string[];
};

/** Records progress and renews the lease; false when the lease was lost (another worker owns the job). */
export async function saveProgress(
  db: Queryable,
  job: JobRow,
  owner: string,
  leaseMs: number,
  p: Progress,
): Promise<boolean> {
  const rows = await db.query(
    `update tray_import_jobs set phase = $3, next_page = $4, products_total = $5, products_done = $6,
            products_skipped = products_skipped + cardinality($8::text[]),
            skipped_product_ids = (skipped_product_ids || $8::text[])[1:${SKIPPED_IDS_KEPT}],
            lease_until = now() + $7::int * interval '1 millisecond', updated_at = now()
      where id = $1 and lease_owner = $2 and status = 'running' returning id`,
    [
      job.id,
      owner,
      p.phase ?? job.phase,
      p.nextPage ?? job.next_page,
      p.productsTotal === undefined ? job.products_total : p.productsTotal,
      p.productsDone ?? job.products_done,
      leaseMs,
      p.skippedIds ?? [],
    ],
  );
  return rows.length === 1;
}

export type JobEnd =
  | { status: 'done'; errorMessage?: string }
  | { status: 'queued'; delayMs: number; attempt: boolean; errorCode?: string; errorMessage?: string }
  | { status: 'failed'; errorCode: string; errorMessage: string };

/** Ends this worker's hold on the job: done, back in the queue (slice over or retry later) or failed. */
export async function endJob(db: Queryable, jobId: string, owner: string, end: JobEnd): Promise<void> {
  await db.query(
    `update tray_import_jobs set status = $3, lease_owner = null, lease_until = null,
            run_after = now() + $4::int * interval '1 millisecond', attempts = attempts + $5,
            error_code = $6, error_message = $7,
            finished_at = case when $3 in ('done', 'failed') then now() else null end, updated_at = now()
      where id = $1 and lease_owner = $2`,
    [
      jobId,
      owner,
      end.status,
      end.status === 'queued' ? end.delayMs : 0,
      end.status === 'queued' && end.attempt ? 1 : 0,
      'errorCode' in end ? (end.errorCode ?? null) : null,
      'errorMessage' in end ? (end.errorMessage ?? null) : null,
    ],
  );
}

/** The link's most recent job. */
export async function latestJob(db: Queryable, linkId: string): Promise<JobRow | null> {
  const [row] = await db.query<JobRow>(
    `select ${COLUMNS} from tray_import_jobs where link_id = $1 order by created_at desc, id desc limit 1`,
    [linkId],
  );
  return row ?? null;
}

/** How long an incremental sync may follow the last full import before the next full one (removals). */
export const FULL_IMPORT_EVERY_MS = 7 * 86_400_000;

/**
 * Active links due for a periodic sync: nothing pending and no import started within `intervalMs`; with the
 * start of the last finished import and of the last finished full one (null when none), which decide whether the
 * sync is incremental.
 */
export async function linksDueForSync(
  db: Queryable,
  intervalMs: number,
): Promise<{ id: string; shop_id: string; last_done: Date | null; last_full: Date | null }[]> {
  return db.query(
    `select t.id, t.shop_id,
            (select max(j.started_at) from tray_import_jobs j where j.link_id = t.id and j.status = 'done') as last_done,
            (select max(j.started_at) from tray_import_jobs j where j.link_id = t.id and j.status = 'done'
                and j.modified_since is null) as last_full
       from tray_stores t
      where t.status = 'active'
        and not exists (select 1 from tray_import_jobs j where j.link_id = t.id
                         and (j.status in ('queued', 'running') or j.created_at > now() - $1::int * interval '1 millisecond'))
      limit 20`,
    [intervalMs],
  );
}

export function toImportStatus(row: JobRow): TrayImportStatus {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    jobId: row.id,
    status: row.status,
    phase: row.phase,
    productsDone: row.products_done,
    productsTotal: row.products_total,
    productsSkipped: row.products_skipped,
    skippedProductIds: row.skipped_product_ids,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    errorMessage: row.error_message,
  };
}
