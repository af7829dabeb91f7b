/**
 * The outbox worker: claims due rows (`for update skip locked`, leased), delivers each through the adapter of
 * its shop and channel, and records the provider's message id, or retries with exponential backoff, or marks
 * the row failed after the last attempt / a permanent refusal. Several workers (processes) may run on one
 * PostgreSQL; on PGlite the single connection serialises them.
 *
 * Guarantees: a row is queued at most once per dedupe key; a committed row is delivered even if the process
 * dies (its lease expires and another claim picks it up). Exactly once as the receiver sees it while workers
 * live (issue 15, docs/decisions/0020): a worker claims ONE row at a time, extends the row's lease right before
 * each delivery (and refuses to deliver when the lease was lost) and every `leaseMs / 3` while a slow receiver
 * answers, and records the result fenced by the lease owner — so no other worker can claim a row whose delivery
 * is in flight, however slow the receiver or however many instances run. A crash after the receiver accepted a
 * part but before we recorded it re-sends that part once its lease expires (at-least-once at that boundary);
 * every request carries the stable idempotency key `{rowId}:{part}` (or the event id) in a header and the body
 * so the receiver drops the repeat (README "Exactly once, for the chatbot platform").
 *
 * Paths in a part's image/button URLs and the card payment link's session code are completed at delivery
 * (delivery-links.ts), so the outbox never holds a live session code.
 *
 * Job rows (kind 'job', enqueue.ts enqueueJob) run the handler named by their type (`jobs`), e.g. creating a
 * gateway charge after agent confirmation; a worker without handlers leaves them for one that has them.
 *
 * server.ts: `startOutboxWorker(app, { adapters, jobs })` after listen, `await stopOutboxWorker(app)` before `db.close()`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MessagingConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ChannelError, type AdapterRegistry } from '../../adapters/channels/channel-adapter.ts';
import { GatewayError } from '../../adapters/payments/gateway.ts';
import { completePart, type DeliveryLinks } from './delivery-links.ts';
import { pollers, type Poller } from '../../lib/poller.ts';
import { documentUrlSigner } from '../../lib/signed-url.ts';
import {
  claimDue,
  extendLease,
  markAttemptFailed,
  markPartDone,
  markSent,
  type EventPayload,
  type JobPayload,
  type MessagePayload,
  type OutboxRow,
} from './repository.ts';

/**
 * Handlers of job rows by type. A handler gets the job's payload and answers what to record as
 * the row's provider id; it runs again after a crash or a failure, so it must be idempotent.
 */
/** A job's handler; `meta.outboxId` is stable across retries of the row (an idempotency key for providers). */
export type JobHandlers = Record<
  string,
  (job: Record<string, unknown>, meta: { outboxId: string }) => Promise<string>
>;

export type DrainOptions = Partial<Pick<MessagingConfig, 'maxAttempts' | 'leaseMs' | 'retryBaseMs'>> & {
  owner?: string;
  /** Stop after this many rows (default 50). */
  maxRounds?: number;
  /** Checked before each claim: true stops the drain (shutdown lets the current row finish). */
  stopping?: () => boolean;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Public URL and session lifetime for paths and session links completed at delivery (delivery-links.ts). */
  links?: DeliveryLinks;
  /** Job handlers; without them job rows are not claimed. */
  jobs?: JobHandlers;
};

export type DrainResult = { sent: number; retried: number; failed: number };

const MAX_BACKOFF_MS = 5 * 60_000;
const DEFAULT_LEASE_MS = 60_000;

/** Runs `work` while renewing the row's lease every third of it, so a slow receiver never lets it expire. */
async function holdingLease<T>(
  db: Db,
  row: OutboxRow,
  owner: string,
  leaseMs: number,
  work: () => Promise<T>,
) {
  const renew = setInterval(
    () => void extendLease(db, row.id, owner, leaseMs).catch(() => undefined),
    Math.max(500, Math.floor(leaseMs / 3)),
  );
  try {
    return await work();
  } finally {
    clearInterval(renew);
  }
}

async function deliver(
  db: Db,
  adapters: AdapterRegistry,
  row: OutboxRow,
  owner: string,
  options: DrainOptions,
): Promise<boolean> {
  const stillMine = () => extendLease(db, row.id, owner, options.leaseMs ?? DEFAULT_LEASE_MS);
  if (!(await stillMine())) return false;
  if (row.kind === 'job') {
    const handler = options.jobs?.[row.type];
    if (!handler) throw new ChannelError(`tarefa sem executor: ${row.type}`, false);
    return markSent(db, row.id, owner, await handler((row.payload as JobPayload).job, { outboxId: row.id }));
  }
  if (row.kind === 'event') {
    const sink = await adapters.events(row.shop_id);
    const receipt = await sink.deliver({
      id: row.id,
      type: row.type,
      occurredAt: new Date(row.created_at).toISOString(),
      shop: { id: row.shop_id },
      data: (row.payload as EventPayload).data,
    });
    return markSent(db, row.id, owner, receipt.providerMessageId);
  }
  const payload = row.payload as MessagePayload;
  const adapter = await adapters.channel(row.shop_id, payload.channel);
  const ids = row.provider_message_id ? row.provider_message_id.split(',') : [];
  for (let index = row.parts_done; index < payload.parts.length; index++) {
    if (index > row.parts_done && !(await stillMine())) return false;
    const receipt = await adapter.send({
      recipient: payload.recipient,
      part: await completePart(db, options.links, row.shop_id, payload, index),
      dedupeId: `${row.id}:${index}`,
      ...(payload.templateOnly ? { templateOnly: true } : {}),
    });
    ids.push(receipt.providerMessageId);
    if (!(await markPartDone(db, row.id, owner, index + 1, ids.join(',')))) return false;
  }
  return markSent(db, row.id, owner, ids.join(','));
}

/** Delivers every due row (tests, CLIs and the worker loop); returns what happened. */
export async function drainOutbox(
  db: Db,
  adapters: AdapterRegistry,
  options: DrainOptions = {},
): Promise<DrainResult> {
  const owner = options.owner ?? `w_${randomUUID()}`;
  const maxAttempts = options.maxAttempts ?? 5;
  const retryBaseMs = options.retryBaseMs ?? 2000;
  const result: DrainResult = { sent: 0, retried: 0, failed: 0 };
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  for (let round = 0; round < (options.maxRounds ?? 50) && !options.stopping?.(); round++) {
    // One row per claim: a row waiting behind a slow delivery stays pending, free for another worker.
    const [row] = await claimDue(db, owner, 1, leaseMs, Boolean(options.jobs));
    if (!row) break;
    try {
      const sent = await holdingLease(db, row, owner, leaseMs, () =>
        deliver(db, adapters, row, owner, options),
      );
      if (sent) result.sent += 1;
      else options.log?.warn({ outboxId: row.id }, 'outbox lease lost; the row is left to its new owner');
    } catch (error) {
      const known = error instanceof ChannelError || error instanceof GatewayError;
      const retryable = known ? error.retryable : true;
      const final = !retryable || row.attempts >= maxAttempts;
      const message = error instanceof Error ? error.message : 'erro desconhecido';
      const delay = Math.min(retryBaseMs * 2 ** (row.attempts - 1), MAX_BACKOFF_MS);
      await markAttemptFailed(db, row.id, owner, message, final, final ? 0 : delay);
      const context = {
        outboxId: row.id,
        shopId: row.shop_id,
        type: row.type,
        attempts: row.attempts,
        error: message,
      };
      if (final) {
        result.failed += 1;
        options.log?.error(context, 'outbox delivery failed for good');
      } else {
        result.retried += 1;
        options.log?.warn({ ...context, retryInMs: delay }, 'outbox delivery failed, will retry');
      }
    }
  }
  return result;
}

const workers = pollers<Db>();

/**
 * Starts the polling loop once per app (idle poll every `idleMs`, default 1 s); `adapters` are the shop channels
 * it delivers through (the messaging module's registry, given by server.ts: the outbox does not import messaging,
 * which queues into it).
 */
export function startOutboxWorker(
  app: FastifyInstance,
  options: { idleMs?: number; adapters: AdapterRegistry; jobs?: JobHandlers },
): Poller {
  const existing = workers.running(app.db);
  if (existing) return existing;
  const config = app.config.messaging;
  const links = {
    publicUrl: app.config.publicUrl,
    sessionTtlMs: app.config.sessionTtlMs,
    signDocument: documentUrlSigner(app.config),
  };
  const { adapters } = options;
  const log = app.log.child({ worker: 'outbox' });
  return workers.start(app.db, {
    idleMs: options.idleMs ?? 1000,
    round: async (stopping) => {
      const done = await drainOutbox(app.db, adapters, {
        ...config,
        log,
        links,
        jobs: options.jobs,
        maxRounds: 5,
        stopping,
      });
      return done.sent + done.retried + done.failed > 0;
    },
    onError: (error) => log.error({ err: error }, 'outbox worker error'),
  });
}

/** Stops the app's worker after its current row (it claims no other), if one runs. */
export async function stopOutboxWorker(app: FastifyInstance): Promise<void> {
  await workers.stop(app.db);
}

/** Wakes the app's worker right away (called after a send commits); no-op without a worker. */
export function nudgeOutbox(app: FastifyInstance): void {
  workers.running(app.db)?.wake();
}
