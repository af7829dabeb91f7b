/**
 * Runs catalogue import jobs (docs/decisions/0008-tray-integration.md). A worker leases one job, imports the
 * categories, then the products page by page (≤ 50 per page, variants and images included), writing each
 * page and the job's progress in one transaction, and finally deactivates the products Tray no longer has.
 * Crash-safe: a page is either fully written with `next_page` moved past it, or not at all; a job whose
 * worker died is leased again once its lease expires and continues at `next_page`.
 */
import type { FastifyBaseLogger } from 'fastify';
import { errorMessage } from '@vitrine/contracts/errors';
import type { Db } from '../../db/client.ts';
import {
  TrayApiError,
  type TrayApi,
  type TrayPage,
  type TrayProduct,
  type TraySkippedProduct,
} from '../../adapters/tray/tray-api.ts';
import { AppError } from '../../lib/app-error.ts';
import { flushSearchIndexes } from '../catalog/service.ts';
import {
  deactivateMissing,
  markSeen,
  writeCategories,
  productsWithTakenSku,
  writeProducts,
  type ImportedProduct,
} from './catalog-writer.ts';
import {
  claimJob,
  endJob,
  saveProgress,
  SKIPPED_IDS_KEPT,
  type JobRow,
  type Progress,
} from './job-repository.ts';
import { findLink } from './link-repository.ts';
import {
  addTrayRequests,
  msToNextTrayDay,
  TRAY_DAILY_LIMIT,
  TRAY_DAILY_RESERVE,
  trayRequestsOn,
} from './budget-repository.ts';
import type { TokenManager } from './token-manager.ts';

export type ImportContext = {
  db: Db;
  api: TrayApi;
  tokens: TokenManager;
  log: FastifyBaseLogger;
  /** This worker's name in the job leases. */
  owner: string;
  leaseMs: number;
};

const MAX_ATTEMPTS = 5;

class LeaseLost extends Error {}

/**
 * Leases the next due job and works on it for at most `maxPages` product pages (then puts it back in the
 * queue, so jobs of several shops take turns). Returns the job as it stands, or null when none was due.
 */
export async function runImportSlice(
  ctx: ImportContext,
  options: { maxPages?: number } = {},
): Promise<JobRow | null> {
  const job = await claimJob(ctx.db, ctx.owner, ctx.leaseMs);
  if (!job) return null;
  try {
    return await work(ctx, job, options.maxPages ?? Infinity);
  } catch (error) {
    if (error instanceof LeaseLost) return job;
    await giveUpOrRetry(ctx, job, error);
    return job;
  }
}

async function work(ctx: ImportContext, job: JobRow, maxPages: number): Promise<JobRow> {
  const link = await findLink(ctx.db, job.link_id);
  if (!link || link.status !== 'active') throw new AppError('unprocessable', 'trayReauthorize');
  // Every request to Tray is counted against the store's daily budget, written with the page that cost it.
  let spent = 0;
  const call: Call = (fn) =>
    withToken(ctx, link.id, (api, token) => {
      spent += 1;
      return fn(api, token);
    });
  const state = { ...job };
  const save = async (tx: Parameters<Parameters<Db['transaction']>[0]>[0], p: Progress) => {
    if (!(await saveProgress(tx, state, ctx.owner, ctx.leaseMs, p))) throw new LeaseLost();
    await addTrayRequests(tx, link.id, spent, new Date());
    spent = 0;
    Object.assign(state, {
      phase: p.phase ?? state.phase,
      next_page: p.nextPage ?? state.next_page,
      products_total: p.productsTotal === undefined ? state.products_total : p.productsTotal,
      products_done: p.productsDone ?? state.products_done,
      products_skipped: state.products_skipped + (p.skippedIds?.length ?? 0),
      skipped_product_ids: [...state.skipped_product_ids, ...(p.skippedIds ?? [])].slice(0, SKIPPED_IDS_KEPT),
    });
  };

  if (await budgetSpent(ctx, job, link.id)) return { ...state, status: 'queued' };
  if (state.phase === 'categories') {
    const categories = await allPages((page) =>
      call((api, token) => ctx.api.listCategories(api, token, page)),
    );
    await ctx.db.transaction(async (tx) => {
      await writeCategories(tx, job.shop_id, categories);
      await save(tx, { phase: 'products', nextPage: 1 });
    });
  }
  for (let pages = 0; state.phase === 'products'; pages++) {
    if (pages >= maxPages) {
      await endJob(ctx.db, job.id, ctx.owner, { status: 'queued', delayMs: 0, attempt: false });
      return { ...state, status: 'queued' };
    }
    if (pages > 0 && (await budgetSpent(ctx, job, link.id))) return { ...state, status: 'queued' };
    const since = job.modified_since;
    const page = await call((api, token) => ctx.api.listProducts(api, token, state.next_page, since));
    const skipped = [...page.skipped];
    const products: ImportedProduct[] = [];
    for (const item of page.items) {
      const product = await complete(ctx, call, item).catch(skipMalformed(item, skipped));
      if (product) products.push(product);
    }
    for (const { providerId, reason } of skipped)
      ctx.log.warn(
        { jobId: job.id, shopId: job.shop_id, productId: providerId, reason },
        'tray product skipped',
      );
    const last = page.items.length + page.skipped.length === 0 || state.next_page * page.limit >= page.total;
    await ctx.db.transaction(async (tx) => {
      const scope = { shopId: job.shop_id, linkId: link.id, jobId: job.id };
      const taken = await productsWithTakenSku(tx, job.shop_id, products);
      for (const product of products.filter((p) => taken.has(p.providerId))) {
        skipped.push({
          providerId: product.providerId,
          reason: `SKU "${product.sku}" já usado por outro produto`,
        });
        ctx.log.warn({ jobId: job.id, shopId: job.shop_id, productId: product.providerId }, 'tray sku taken');
      }
      await writeProducts(
        tx,
        scope,
        products.filter((p) => !taken.has(p.providerId)),
      );
      await markSeen(
        tx,
        scope,
        skipped.map((s) => s.providerId),
      );
      await save(tx, {
        phase: last ? 'finalize' : 'products',
        nextPage: last ? state.next_page : state.next_page + 1,
        productsTotal: page.total,
        productsDone: state.products_done + products.length - taken.size,
        skippedIds: skipped.map((s) => s.providerId),
      });
    });
  }
  const removed = await ctx.db.transaction(async (tx) => {
    // An incremental import saw only the modified products: removals wait for the next full import.
    const count = job.modified_since ? 0 : await deactivateMissing(tx, job.shop_id, job.id);
    await save(tx, {});
    // The pages' search entries wait in the indexes' pending lists, which every search reads (decision 0067).
    await flushSearchIndexes(tx);
    await endJob(tx, job.id, ctx.owner, { status: 'done', errorMessage: skippedSummary(state) });
    return count;
  });
  ctx.log.info(
    {
      jobId: job.id,
      shopId: job.shop_id,
      products: state.products_done,
      skipped: state.products_skipped,
      removed,
    },
    'tray import done',
  );
  return { ...state, status: 'done' };
}

type Call = <T>(fn: (api: string, token: string) => Promise<T>) => Promise<T>;

/**
 * True (and the job put back until the next Tray day, with a pt-BR note) when the store's requests today leave
 * less than the reserve: Tray cuts a store off for the rest of the day past its 10,000 daily requests.
 */
async function budgetSpent(ctx: ImportContext, job: JobRow, linkId: string): Promise<boolean> {
  const now = new Date();
  const used = await trayRequestsOn(ctx.db, linkId, now);
  if (used < TRAY_DAILY_LIMIT - TRAY_DAILY_RESERVE) return false;
  const figures = { used: used.toLocaleString('pt-BR'), limit: TRAY_DAILY_LIMIT.toLocaleString('pt-BR') };
  ctx.log.warn({ jobId: job.id, shopId: job.shop_id, used }, 'tray import paused: daily budget');
  await endJob(ctx.db, job.id, ctx.owner, {
    status: 'queued',
    delayMs: msToNextTrayDay(now),
    attempt: false,
    errorCode: 'trayDailyBudget',
    errorMessage: errorMessage('trayDailyBudget', figures),
  });
  return true;
}

/** A listing item plus what the listing leaves out: images (from `/products/{id}`) and variants. */
async function complete(ctx: ImportContext, call: Call, item: TrayProduct): Promise<ImportedProduct> {
  const images =
    item.images ?? (await call((api, token) => ctx.api.getProduct(api, token, item.providerId))).images ?? [];
  const variants = item.hasVariation
    ? await allPages((page) => call((api, token) => ctx.api.listVariants(api, token, item.providerId, page)))
    : [];
  return { ...item, images, variants };
}

/**
 * A product whose details Tray answers malformed (variants, images) or no longer has is left out of the page
 * with its reason, like a malformed listing item; any other failure (token, rate limit, Tray down) still
 * fails the page, which is retried.
 */
function skipMalformed(item: TrayProduct, skipped: TraySkippedProduct[]) {
  return (error: unknown): null => {
    const malformed =
      error instanceof TrayApiError && (error.kind === 'invalidResponse' || error.kind === 'notFound');
    if (!malformed) throw error;
    skipped.push({ providerId: item.providerId, reason: error.message });
    return null;
  };
}

/** The job's pt-BR summary of the products it left out (undefined when none). */
function skippedSummary(job: JobRow): string | undefined {
  if (job.products_skipped === 0) return undefined;
  return errorMessage('trayProductsSkipped', {
    count: job.products_skipped,
    ids: job.skipped_product_ids.join(', '),
  });
}

async function allPages<T>(fetchPage: (page: number) => Promise<TrayPage<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= 1000; page++) {
    const result = await fetchPage(page);
    items.push(...result.items);
    if (result.items.length === 0 || page * result.limit >= result.total) break;
  }
  return items;
}

/** Calls Tray with the link's token; when Tray says the token expired or is invalid, refreshes once and retries. */
async function withToken<T>(
  ctx: ImportContext,
  linkId: string,
  fn: (api: string, token: string) => Promise<T>,
): Promise<T> {
  const access = await ctx.tokens.get(linkId);
  try {
    return await fn(access.apiAddress, access.token);
  } catch (error) {
    // 1000: token expired; 1099 (or no code): token invalid. 1001–1003 (store blocked…) are not token problems.
    const code =
      error instanceof TrayApiError && error.kind === 'unauthorized' ? (error.trayCode ?? 1099) : null;
    if (code !== 1000 && code !== 1099) throw error;
    const renewed = await ctx.tokens.get(linkId, access.version);
    return fn(renewed.apiAddress, renewed.token);
  }
}

async function giveUpOrRetry(ctx: ImportContext, job: JobRow, error: unknown): Promise<void> {
  const fields = { jobId: job.id, shopId: job.shop_id, attempt: job.attempts + 1 };
  if (error instanceof AppError && error.code === 'trayReauthorize') {
    ctx.log.warn(fields, 'tray import stopped: authorization expired');
    return endJob(ctx.db, job.id, ctx.owner, {
      status: 'failed',
      errorCode: error.code,
      errorMessage: error.message,
    });
  }
  const detail = error instanceof TrayApiError ? error.message : 'erro inesperado';
  if (!(error instanceof TrayApiError)) ctx.log.error({ ...fields, err: error }, 'tray import error');
  else ctx.log.warn({ ...fields, error: error.message, kind: error.kind }, 'tray import error');
  const message = errorMessage('trayImportFailed', { detail });
  const blocked =
    error instanceof TrayApiError &&
    error.trayCode !== null &&
    error.trayCode > 1000 &&
    error.trayCode < 1099;
  if (blocked || job.attempts + 1 >= MAX_ATTEMPTS)
    return endJob(ctx.db, job.id, ctx.owner, {
      status: 'failed',
      errorCode: 'trayImportFailed',
      errorMessage: message,
    });
  const rateLimited = error instanceof TrayApiError && error.kind === 'rateLimited';
  const delayMs = rateLimited ? 60_000 : 30_000 * 2 ** job.attempts;
  return endJob(ctx.db, job.id, ctx.owner, {
    status: 'queued',
    delayMs,
    attempt: !rateLimited,
    errorCode: 'trayImportFailed',
    errorMessage: message,
  });
}
