/**
 * The recovery worker: the pollers every background worker shares (lib/poller.ts), one per app, running a round
 * (run.ts) on the wall clock every `idleMs` (default 30 s) and nudging the outbox when it queued a reminder. Any
 * number of instances may run it: the scan runs once per interval across them and each reminder is claimed by one.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { pollers, type Poller } from '../../lib/poller.ts';
import { nudgeOutbox } from '../../modules/outbox/service.ts';
import { runRecoveryRound } from './run.ts';

const workers = pollers<Db>();

export function startRecoveryWorker(app: FastifyInstance, options: { idleMs?: number } = {}): Poller {
  const owner = `r_${randomUUID()}`;
  const log = app.log.child({ worker: 'recovery' });
  return workers.start(app.db, {
    idleMs: options.idleMs ?? 30_000,
    round: async () => {
      const done = await runRecoveryRound(app.db, { now: new Date(), owner });
      if (done.decided.some((d) => d.outcome === 'sent')) nudgeOutbox(app);
      // Busy only while reminders were due: the next round then starts at once.
      return done.decided.length > 0;
    },
    onError: (error) => log.error({ err: error }, 'recovery worker error'),
  });
}

export async function stopRecoveryWorker(app: FastifyInstance): Promise<void> {
  await workers.stop(app.db);
}
