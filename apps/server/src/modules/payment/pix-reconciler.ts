/**
 * The reconciliation job of bank Pix (decision 0046): every PIX_RECONCILE_SECONDS each shop with Pix on its bank
 * asks `GET /pix` for what arrived since its last run and settles what the webhook missed. Exactly once across
 * instances: a shop's run holds its lease (one conditional update, reconcileShop), and a Pix is counted once by
 * its end-to-end id whoever finds it.
 */
import type { FastifyInstance } from 'fastify';
import { bankPixShops } from './pix-bank-account.ts';
import { reconcileShop } from './pix-bank.ts';

const timers = new WeakMap<FastifyInstance, NodeJS.Timeout>();

/** One round over every shop; a shop whose bank fails is logged and the others go on. */
export async function reconcileAll(app: Pick<FastifyInstance, 'db' | 'config' | 'log'>): Promise<number> {
  let counted = 0;
  for (const shopId of await bankPixShops(app.db)) {
    try {
      const result = await reconcileShop(app.db, app.config.messaging.credentialsKey, shopId);
      counted += result?.counted ?? 0;
    } catch (error) {
      app.log.warn({ err: error, shopId }, 'pix reconciliation failed');
    }
  }
  return counted;
}

/** server.ts: after listen; `stopPixReconciler(app)` before the database closes. */
export function startPixReconciler(app: FastifyInstance): void {
  if (timers.has(app)) return;
  const log = app.log.child({ worker: 'pix-reconcile' });
  const timer = setInterval(() => {
    reconcileAll(app)
      .then((counted) => counted && log.info({ counted }, 'bank Pix settled by reconciliation'))
      .catch((error: unknown) => log.error({ err: error }, 'pix reconciliation round failed'));
  }, app.config.payments.pixReconcileMs);
  timer.unref();
  timers.set(app, timer);
}

export function stopPixReconciler(app: FastifyInstance): void {
  clearInterval(timers.get(app));
  timers.delete(app);
}
