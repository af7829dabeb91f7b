/**
 * Periodic expiry sweep (like the outbox worker): every PAYMENT_SWEEP_SECONDS, Waiting Pix/boleto/card charges
 * past expires_at become Expired, so the order can take a new payment. Safe with several instances: each
 * payment moves under its row lock, once.
 */
import type { FastifyInstance } from 'fastify';
import { expireOverdue } from './settle.ts';

const sweepers = new WeakMap<FastifyInstance, NodeJS.Timeout>();

/** server.ts: after listen; `stopPaymentSweeper(app)` before the database closes. */
export function startPaymentSweeper(app: FastifyInstance): void {
  if (sweepers.has(app)) return;
  const log = app.log.child({ worker: 'payment-sweep' });
  const timer = setInterval(() => {
    expireOverdue(app.db)
      .then((count) => count && log.info({ count }, 'expired overdue payments'))
      .catch((error: unknown) => log.error({ err: error }, 'payment sweep failed'));
  }, app.config.payments.sweepMs);
  timer.unref();
  sweepers.set(app, timer);
}

export function stopPaymentSweeper(app: FastifyInstance): void {
  clearInterval(sweepers.get(app));
  sweepers.delete(app);
}
