/**
 * The catalogue import worker (docs/decisions/0033-catalogue-spreadsheets.md). One worker at a time — on any
 * instance — leases a confirmed import, reads its kept file again and writes its products through the one writer
 * (`saveProductsIn`, mode upsert) in batches: each batch, its new categories, a NOTIFY to every instance and the
 * job's cursor and counts commit together, so a worker that dies leaves the job at a batch boundary and the next
 * lease continues from there. Re-importing a file changes nothing (the writer answers no changes).
 */
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SheetRefusal } from '@vitrine/contracts/catalog-sheet';
import type { ProductChange } from '@vitrine/contracts/console-catalog';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { pollers, type Poller } from '../../lib/poller.ts';
import {
  advanceJob,
  claimJob,
  endJob,
  type ClaimedJob,
  type ImportJobRow,
  parseSheet,
  type SheetProduct,
} from '../../modules/catalog-import/service.ts';
import {
  ensureCategoryPath,
  flushSearchIndexes,
  saveProductIn,
  saveProductsIn,
} from '../../modules/catalog/service.ts';
import { setProductImageUrls } from '../../modules/photos/service.ts';
import { notifyShopChanged } from '../../modules/shop/service.ts';
import { pathKey } from './import.ts';
import { writeStock } from './import-stock.ts';

export type ImportWorkerDeps = {
  db: Db;
  forgetShop: (shopId: string) => void;
  log?: FastifyBaseLogger;
  /** this worker's name in the leases */
  owner?: string;
  leaseMs?: number;
};
export type SliceOptions = {
  /** products per transaction (default 100) */
  batchSize?: number;
  /** stop after this many batches without ending the job — the lease runs out as if the worker had died */
  maxBatches?: number;
  /** asked between batches: true puts the job back in the queue for any instance (a graceful shutdown) */
  stopping?: () => boolean;
};

const LEASE_MS = 60_000;
const MAX_ATTEMPTS = 3;
const defaultOwner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

class LeaseLost extends Error {}

/**
 * A pause between batches. PGlite runs in this thread and its queries resolve as microtasks, so back-to-back
 * transactions would starve the event loop: no request (the console polling this very job) would be read until
 * the job ended. 10 ms per batch of 100 products: 1 s per 10,000.
 */
const breather = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

/** Leases the next due import and runs it to the end; answers the job as claimed, or null when none was due. */
export async function runCatalogImportSlice(
  deps: ImportWorkerDeps,
  options: SliceOptions = {},
): Promise<ImportJobRow | null> {
  const owner = deps.owner ?? defaultOwner;
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const job = await claimJob(deps.db, owner, leaseMs);
  if (!job) return null;
  try {
    const { products } = parseSheet(job.file);
    const categories = new Map<string, string>();
    const batchSize = options.batchSize ?? 100;
    let batches = 0;
    for (let at = job.next_index; at < products.length; at += batchSize) {
      if (batches++ >= (options.maxBatches ?? Infinity)) return job;
      if (options.stopping?.()) {
        await endJob(deps.db, job.id, owner, { status: 'queued' });
        return job;
      }
      const batch = products.slice(at, at + batchSize);
      await writeBatch(deps, job, owner, leaseMs, batch, at + batch.length, categories);
      deps.forgetShop(job.shop_id);
      await breather();
    }
    // The batches left their search entries queued in the indexes' pending lists, which every search reads.
    await flushSearchIndexes(deps.db);
    await endJob(deps.db, job.id, owner, { status: 'done' });
  } catch (error) {
    if (error instanceof LeaseLost) return job;
    deps.log?.error({ err: error, jobId: job.id }, 'catalog import failed');
    await endJob(
      deps.db,
      job.id,
      owner,
      job.attempts >= MAX_ATTEMPTS
        ? {
            status: 'failed',
            message: 'A importação parou por um erro inesperado. Envie a planilha de novo.',
          }
        : { status: 'queued' },
    );
  }
  return job;
}

type Step = { created: number; changed: number; unchanged: number; refused: SheetRefusal[] };

/**
 * Writes one batch and moves the cursor in one transaction. When the batch fails as a whole, each product is
 * written alone and the one that fails is reported as a refused row with the reason.
 */
async function writeBatch(
  deps: ImportWorkerDeps,
  job: ClaimedJob,
  owner: string,
  leaseMs: number,
  batch: SheetProduct[],
  nextIndex: number,
  categories: Map<string, string>,
) {
  const advance = async (tx: Queryable, step: Step) => {
    if (!(await advanceJob(tx, job, owner, leaseMs, { ...step, nextIndex }))) throw new LeaseLost();
    await notifyShopChanged(tx, job.shop_id);
  };
  const created = new Map<string, string>();
  try {
    await deps.db.transaction(async (tx) => {
      const inputs = [];
      for (const product of batch)
        inputs.push({
          ...product.input,
          categoryCode: await categoryOf(tx, job.shop_id, product, categories, created),
        });
      const step: Step = { created: 0, changed: 0, unchanged: 0, refused: [] };
      const saved = await saveProductsIn(tx, job.shop_id, inputs, 'sheet');
      const pictured = await imagesOf(
        tx,
        job.shop_id,
        batch.map((product, i) => [product, saved[i]!.productId]),
      );
      await writeStock(
        tx,
        job.shop_id,
        batch,
        saved.map((s) => s.productId),
      );
      for (const { changes, productId } of saved) count(step, changes, pictured.has(productId));
      await advance(tx, step);
    });
    for (const [key, code] of created) categories.set(key, code);
    return;
  } catch (error) {
    if (error instanceof LeaseLost) throw error;
    created.clear();
  }
  const step: Step = { created: 0, changed: 0, unchanged: 0, refused: [] };
  for (const product of batch) {
    try {
      await deps.db.transaction((tx) => writeOne(tx, job.shop_id, product, categories, created, step));
      for (const [key, code] of created) categories.set(key, code);
    } catch (error) {
      deps.log?.warn({ err: error, jobId: job.id, code: product.input.code }, 'catalog import row refused');
      const stock = error instanceof AppError && error.code === 'stockBelowHeld';
      step.refused.push({
        row: stock ? product.stock[0]!.row : product.rows[0]!,
        column:
          error instanceof AppError && error.code.startsWith('photo')
            ? 'Imagens'
            : stock
              ? 'Estoque'
              : 'Código',
        message:
          error instanceof AppError
            ? error.message
            : 'Não foi possível gravar este produto. Confira os dados da linha.',
      });
    }
    created.clear();
  }
  await deps.db.transaction((tx) => advance(tx, step));
}

/** The product's category code, creating the path's missing levels (remembered in `created` until commit). */
async function categoryOf(
  tx: Queryable,
  shopId: string,
  product: SheetProduct,
  categories: Map<string, string>,
  created: Map<string, string>,
): Promise<string | null> {
  if (product.categoryPath.length === 0) return null;
  const key = pathKey(product.categoryPath);
  const known = categories.get(key) ?? created.get(key);
  if (known) return known;
  const code = await ensureCategoryPath(tx, shopId, product.categoryPath);
  created.set(key, code);
  return code;
}

/** Applies the sheets' 'Imagens' to the saved products (none: the column is absent); answers those it changed. */
const imagesOf = (tx: Queryable, shopId: string, saved: [SheetProduct, string][]) =>
  setProductImageUrls(
    tx,
    shopId,
    saved.flatMap(([product, productId]) =>
      product.images === null ? [] : [{ productId, urls: product.images }],
    ),
  );

function count(step: Step, changes: ProductChange[], imagesChanged: boolean) {
  if (changes.includes('created')) step.created++;
  else if (changes.length > 0 || imagesChanged) step.changed++;
  else step.unchanged++;
}

async function writeOne(
  tx: Queryable,
  shopId: string,
  product: SheetProduct,
  categories: Map<string, string>,
  created: Map<string, string>,
  step: Step,
) {
  const categoryCode = await categoryOf(tx, shopId, product, categories, created);
  const saved = await saveProductIn(tx, shopId, { ...product.input, categoryCode }, 'sheet');
  await writeStock(tx, shopId, [product], [saved.productId]);
  count(step, saved.changes, (await imagesOf(tx, shopId, [[product, saved.productId]])).size > 0);
}

// ---------------------------------------------------------------- the loop

const workers = pollers<Db>();

/** Starts the import loop of this instance (once per database handle): a pause of `idleMs` when nothing is due. */
export function startCatalogImportWorker(deps: ImportWorkerDeps, idleMs = 1000): Poller {
  return workers.start(deps.db, {
    idleMs,
    round: async (stopping) => (await runCatalogImportSlice(deps, { stopping })) !== null,
    onError: (error) => deps.log?.error({ err: error }, 'catalog import worker error'),
  });
}

export async function stopCatalogImportWorker(db: Db): Promise<void> {
  await workers.stop(db);
}
