/**
 * The catalogue import jobs (table catalog_import_jobs, migration 0034): a preview kept with its file, queued when
 * confirmed, leased by one worker at a time (any instance), its cursor and counts moved in the same transaction as
 * each batch of products it writes.
 */
import type { CatalogImport, SheetRefusal } from '@vitrine/contracts/catalog-sheet';
import { REFUSED_SHOWN } from '@vitrine/contracts/catalog-sheet';
import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';

type Counts = { created: number; changed: number; unchanged: number };
/**
 * What a preview counts: the products, the stock counts of the 'Estoque' column (issue 31) and the first products
 * created or changed with their cells before → after (issue 38).
 */
type PreviewCounts = CatalogImport['preview'];

export type ImportJobRow = {
  id: string;
  shop_id: string;
  status: CatalogImport['status'];
  file_name: string;
  total: number;
  next_index: number;
  preview: Counts & Partial<Pick<PreviewCounts, 'stock' | 'products'>>;
  created: number;
  changed: number;
  unchanged: number;
  refused_count: number;
  refused_head: SheetRefusal[];
  attempts: number;
  error_message: string | null;
  created_at: Date;
  finished_at: Date | null;
};

const COLUMNS = `id, shop_id, status, file_name, total, next_index, preview, created, changed, unchanged,
  jsonb_array_length(refused) as refused_count,
  coalesce((select jsonb_agg(r) from (select r from jsonb_array_elements(refused) r limit ${REFUSED_SHOWN}) x), '[]') as refused_head,
  attempts, error_message, created_at, finished_at`;

/** How long previews nobody confirmed are kept. */
const PREVIEW_KEPT_HOURS = 24;

/** Keeps an upload as a preview (dropping the shop's previews older than a day). */
export async function insertPreview(
  db: Queryable,
  job: {
    shopId: string;
    fileName: string;
    file: Buffer;
    createdBy: string | null;
    total: number;
    preview: PreviewCounts;
    refused: SheetRefusal[];
  },
): Promise<ImportJobRow> {
  await db.query(
    `delete from catalog_import_jobs where shop_id = $1 and status = 'preview'
        and created_at < now() - $2::int * interval '1 hour'`,
    [job.shopId, PREVIEW_KEPT_HOURS],
  );
  const [row] = await db.query<ImportJobRow>(
    `insert into catalog_import_jobs (id, shop_id, status, file_name, file, created_by, total, preview, refused)
     values ($1, $2, 'preview', $3, $4, $5, $6, $7::jsonb, $8::jsonb) returning ${COLUMNS}`,
    [
      newId('cij'),
      job.shopId,
      job.fileName,
      job.file,
      job.createdBy,
      job.total,
      JSON.stringify(job.preview),
      JSON.stringify(job.refused),
    ],
  );
  return row!;
}

/** The shop's job (null: none with that id in this shop). */
export async function findJob(db: Queryable, shopId: string, id: string): Promise<ImportJobRow | null> {
  const [row] = await db.query<ImportJobRow>(
    `select ${COLUMNS} from catalog_import_jobs where shop_id = $1 and id = $2`,
    [shopId, id],
  );
  return row ?? null;
}

/** The shop's most recent confirmed job (what the console shows after a reload). */
export async function latestJob(db: Queryable, shopId: string): Promise<ImportJobRow | null> {
  const [row] = await db.query<ImportJobRow>(
    `select ${COLUMNS} from catalog_import_jobs where shop_id = $1 and status <> 'preview'
      order by created_at desc, id desc limit 1`,
    [shopId],
  );
  return row ?? null;
}

/** Every refused row of the job (for the report), in row order. */
export async function refusedRows(db: Queryable, shopId: string, id: string): Promise<SheetRefusal[] | null> {
  const [row] = await db.query<{ refused: SheetRefusal[] }>(
    'select refused from catalog_import_jobs where shop_id = $1 and id = $2',
    [shopId, id],
  );
  return row ? [...row.refused].sort((a, b) => a.row - b.row) : null;
}

/**
 * Queues a preview, in the caller's transaction. Answers 'queued', 'pending' (another job of the shop is queued or
 * running), or 'gone' (not a preview any more: already confirmed or cancelled). Confirmations of one shop take
 * turns on a transaction lock, so two at once cannot both pass the check.
 */
export async function queueJob(
  tx: Queryable,
  shopId: string,
  id: string,
): Promise<'queued' | 'pending' | 'gone'> {
  await tx.query(`select pg_advisory_xact_lock(hashtext('catalog-import:' || $1::text))`, [shopId]);
  const [pending] = await tx.query(
    `select 1 from catalog_import_jobs where shop_id = $1 and id <> $2 and status in ('queued', 'running')`,
    [shopId, id],
  );
  if (pending) return 'pending';
  const rows = await tx.query(
    `update catalog_import_jobs set status = 'queued', updated_at = now()
      where shop_id = $1 and id = $2 and status = 'preview' returning id`,
    [shopId, id],
  );
  return rows.length === 1 ? 'queued' : 'gone';
}

/** Drops a preview nobody will confirm. */
export async function cancelPreview(db: Queryable, shopId: string, id: string): Promise<boolean> {
  const rows = await db.query(
    `update catalog_import_jobs set status = 'cancelled', file = ''::bytea, finished_at = now(), updated_at = now()
      where shop_id = $1 and id = $2 and status = 'preview' returning id`,
    [shopId, id],
  );
  return rows.length === 1;
}

export type ClaimedJob = ImportJobRow & { file: Buffer; created_by: string | null };

/** Leases the oldest due job: a queued one, or a running one whose worker stopped renewing its lease. */
export async function claimJob(db: Queryable, owner: string, leaseMs: number): Promise<ClaimedJob | null> {
  // The due row is picked once (a materialised CTE): a LIMIT … SKIP LOCKED subquery joined into the UPDATE may
  // be run again per row and hand it a second job.
  const [claimed] = await db.query<{ id: string }>(
    `with due as materialized (
       select id from catalog_import_jobs
        where status = 'queued' or (status = 'running' and lease_until < now())
        order by created_at limit 1 for update skip locked)
     update catalog_import_jobs j set status = 'running', lease_owner = $1, attempts = j.attempts + 1,
            lease_until = now() + $2::int * interval '1 millisecond',
            started_at = coalesce(j.started_at, now()), updated_at = now()
      where j.id = (select id from due)
      returning j.id`,
    [owner, leaseMs],
  );
  if (!claimed) return null;
  const [row] = await db.query<ClaimedJob>(
    `select ${COLUMNS}, file, created_by from catalog_import_jobs where id = $1`,
    [claimed.id],
  );
  return row ?? null;
}

/**
 * Moves the job's cursor past a batch, adds its counts and refusals and renews the lease, in the batch's
 * transaction; false when this worker no longer holds the lease (the batch must then be rolled back).
 */
export async function advanceJob(
  tx: Queryable,
  job: { id: string },
  owner: string,
  leaseMs: number,
  step: Counts & { nextIndex: number; refused: SheetRefusal[] },
): Promise<boolean> {
  const rows = await tx.query(
    `update catalog_import_jobs set next_index = $3, created = created + $4, changed = changed + $5,
            unchanged = unchanged + $6, refused = refused || $7::jsonb,
            lease_until = now() + $8::int * interval '1 millisecond', updated_at = now()
      where id = $1 and lease_owner = $2 and status = 'running' returning id`,
    [
      job.id,
      owner,
      step.nextIndex,
      step.created,
      step.changed,
      step.unchanged,
      JSON.stringify(step.refused),
      leaseMs,
    ],
  );
  return rows.length === 1;
}

/** Ends this worker's hold: done (the file is dropped), failed with a pt-BR message, or released for another try. */
export async function endJob(
  db: Queryable,
  id: string,
  owner: string,
  end: { status: 'done' } | { status: 'failed'; message: string } | { status: 'queued' },
): Promise<void> {
  await db.query(
    `update catalog_import_jobs set status = $3, lease_owner = null, lease_until = null, error_message = $4,
            finished_at = case when $3 in ('done', 'failed') then now() else null end,
            file = case when $3 = 'done' then ''::bytea else file end, updated_at = now()
      where id = $1 and lease_owner = $2`,
    [id, owner, end.status, end.status === 'failed' ? end.message : null],
  );
}

export function toCatalogImport(row: ImportJobRow): CatalogImport {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    total: row.total,
    done: row.next_index,
    // previews kept before the 'Estoque' column have no stock part, before issue 38 no list of products
    preview: {
      ...row.preview,
      stock: row.preview.stock ?? { count: 0, changes: [] },
      products: row.preview.products ?? [],
    },
    result: { created: row.created, changed: row.changed, unchanged: row.unchanged },
    refusedCount: row.refused_count,
    refused: row.refused_head,
    errorMessage: row.error_message,
    createdAt: new Date(row.created_at).toISOString(),
    finishedAt: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}
