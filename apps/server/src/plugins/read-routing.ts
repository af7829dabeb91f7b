/**
 * Reads from replicas (issue 40, docs/decisions/0060-read-replicas.md). With DATABASE_READ_URLS on PostgreSQL:
 * - `app.readDb` / `app.readDbOfShop(shopId)`: a Db whose statements go to a replica in rotation, else the primary —
 *   for reads that tolerate the replicas' lag and name no caller (first views, feeds); of a shop, only replicas
 *   past its last change heard of (db/change-floors.ts);
 * - `app.readDbFor(request)`: the same for a caller (a storefront session, a console user) that only uses a replica
 *   which has replayed the caller's last write (read-your-writes, across instances: the mark is on the primary);
 * - after a caller's successful write request (not a GET, not a read through these), before the answer leaves,
 *   the primary's WAL position is marked for the caller (db/read-marks.ts: on the primary, or in Redis when
 *   REDIS_URL is set);
 * - `app.readReplicas`: their state for /healthz (ok / lagging / down / refused).
 * Without replicas (and always on PGlite) both are the primary itself and nothing is marked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { readDb } from '../db/read-db.ts';
import { postgresMarks, redisMarks } from '../db/read-marks.ts';
import { openReadReplicas, type ReadReplicas } from '../db/replicas.ts';

declare module 'fastify' {
  interface FastifyInstance {
    readDb: Db;
    /** The read Db for a shop's reads that name no caller (first views, feeds). */
    readDbOfShop: (shopId: string) => Db;
    /** The read Db for a caller; `shopId` when the route knows the shop better than the session (the console). */
    readDbFor: (request: FastifyRequest, shopId?: string) => Db;
    readReplicas: ReadReplicas | null;
  }
  interface FastifyRequest {
    /** The request read through `readDbFor`: a read, even when its method is POST (a search). */
    readRouted: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Who the request reads and writes for: a console user, else a storefront session; null for neither. */
function callerOf(request: FastifyRequest): string | null {
  if (request.staff) return `u:${request.staff.userId}`;
  if (request.session) return `s:${request.session.id}`;
  return null;
}

export async function registerReadRouting(app: FastifyInstance, db: Db) {
  const { urls, maxLagMs, pollMs } = app.config.readReplicas;
  app.decorateRequest('readRouted', false);
  if (urls.length > 0 && db.kind !== 'postgres')
    app.log.warn('DATABASE_READ_URLS ignorado: réplicas de leitura exigem PostgreSQL (DATABASE_URL)');
  const replicas =
    urls.length > 0 && db.kind === 'postgres'
      ? await openReadReplicas(db, { urls, maxLagMs, pollMs, warn: (message) => app.log.warn(message) })
      : null;
  app.decorate('readReplicas', replicas);
  if (!replicas) {
    app.decorate('readDb', db);
    app.decorate('readDbOfShop', () => db);
    app.decorate('readDbFor', (request: FastifyRequest) => {
      request.readRouted = true;
      return db;
    });
    return;
  }
  const onRetry = (replica: string, error: unknown) =>
    app.log.warn({ err: error }, `Leitura repetida no primário: falhou em ${replica}`);
  // A mark older than the lag limit (and the poll's slack) is on every replica in rotation.
  const windowMs = maxLagMs + 2_000;
  const redisUrl = app.config.rateLimits.redisUrl;
  const marks = redisUrl ? redisMarks(db, redisUrl, windowMs) : postgresMarks(db, windowMs);
  app.decorate('readDb', readDb(db, replicas, { onRetry }));
  app.decorate('readDbOfShop', (shopId: string) => readDb(db, replicas, { onRetry, shopId }));
  app.decorate('readDbFor', (request: FastifyRequest, shopId?: string) => {
    request.readRouted = true;
    const caller = callerOf(request);
    return readDb(db, replicas, {
      onRetry,
      shopId: shopId ?? request.session?.shopId ?? null,
      needs: caller ? () => marks.lastWrite(caller) : undefined,
    });
  });

  app.addHook('onSend', async (request, reply) => {
    if (READ_METHODS.has(request.method) || request.readRouted || reply.statusCode >= 400) return;
    const caller = callerOf(request);
    // A mark that cannot be written costs this caller read-your-writes for the lag window, not its answer.
    if (caller)
      await marks.mark(caller).catch((error: unknown) => app.log.warn({ err: error }, 'read mark failed'));
  });

  app.addHook('onClose', async () => {
    await marks.close();
    await replicas.close();
  });
}
