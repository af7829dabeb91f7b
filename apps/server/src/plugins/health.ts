/**
 * Health for balancers and orchestrators (issue 39, item 9; docs/decisions/0020-several-instances.md):
 * - `GET /healthz` (liveness and the balancer's routing probe) answers from memory, never waiting for the database
 *   pool: 503 while draining (SIGTERM), 503 once the background database probe failed twice in a row (or at start),
 *   200 otherwise. On a starved machine a probe that queued behind real queries no longer takes every instance out
 *   of rotation at once; a database that is really gone still does, within two probe periods.
 * - `GET /readyz` (readiness) checks the database now, with a short timeout: 503 when it does not answer in time.
 * The probe runs at start, then every `HEALTH_PROBE_MS`, each with the same timeout as `/readyz`; its timer does not
 * keep the process alive and stops when the app closes.
 * PGlite runs each query on the main thread, so on the embedded database a long queue of queries delays every
 * answer, this one included; several instances (the case a balancer probes) run on PostgreSQL, where it does not.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ReplicaStatus } from '../db/replicas.ts';
import { isDraining } from './draining.ts';

export const HEALTH_PROBE_MS = 2_000;
export const HEALTH_QUERY_TIMEOUT_MS = 1_500;
/** Consecutive failed probes before `/healthz` turns 503 (the first probe, at start, counts alone). */
const FAILURES_TO_DOWN = 2;

/** Resolves true when `select 1` answers within the timeout, false when it fails or is late. */
async function databaseAnswers(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([db.query('select 1').then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Registers both routes and the probe; returns the probe so a test can run it without waiting for the timer. */
export function registerHealth(
  app: FastifyInstance,
  db: Db,
  {
    probeMs = HEALTH_PROBE_MS,
    timeoutMs = HEALTH_QUERY_TIMEOUT_MS,
    replicas = () => null,
  }: {
    probeMs?: number;
    timeoutMs?: number;
    /** The read replicas' states (decision 0060), reported beside the status; null: none configured. */
    replicas?: () => ReplicaStatus[] | null;
  } = {},
): { probe: () => Promise<void> } {
  // A replica out of rotation never makes the instance unhealthy: its reads go to the primary.
  const withReplicas = (body: { status: string }) => {
    const states = replicas();
    return states ? { ...body, replicas: states } : body;
  };
  let failures = 0;
  let up = true;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const probe = async () => {
    const ok = await databaseAnswers(db, timeoutMs);
    failures = ok ? 0 : failures + 1;
    up = failures === 0 || (up && failures < FAILURES_TO_DOWN);
  };

  app.addHook('onReady', async () => {
    await probe();
    if (!up || failures > 0) up = false; // at start one failure is enough: never route to a server without its database
    const tick = () => {
      if (closed) return;
      timer = setTimeout(() => void probe().finally(tick), probeMs);
      timer.unref();
    };
    tick();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    if (isDraining(app)) return reply.status(503).send({ status: 'draining' });
    if (!up) return reply.status(503).send(withReplicas({ status: 'unavailable' }));
    return withReplicas({ status: 'ok' });
  });

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (isDraining(app)) return reply.status(503).send({ status: 'draining' });
    if (!(await databaseAnswers(db, timeoutMs)))
      return reply.status(503).send(withReplicas({ status: 'unavailable' }));
    return withReplicas({ status: 'ok' });
  });
  return { probe };
}
