/** What the recovery tests share: a fixed simulated clock, carts of contacts, the rule, and reading outcomes. */
import type { FastifyInstance } from 'fastify';
import { localDay, zonedInstant } from '@vitrine/contracts/shop-time';
import { DEFAULT_RECOVERY_RULE, type RecoveryRule } from '@vitrine/contracts/console-recovery';
import type { Db, Queryable } from '../../db/client.ts';
import { mintSession, shopId } from '../../modules/order/order-test-kit.ts';
import { session } from '../../modules/checkout/checkout-test-kit.ts';
import { saveRecoveryRule } from '../../modules/recovery/service.ts';

const SP = 'America/Sao_Paulo';

/**
 * The simulated clock starts at 12:00 in São Paulo two days ago: a real confirm (stamped by the database's clock)
 * then comes after a simulated send and within the three-day attribution window.
 */
export const T0 = zonedInstant(localDay(Date.now() - 36 * 3_600_000, SP), '12:00', SP);
export const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

export async function setRule(db: Db, slug: string, rule: Partial<RecoveryRule> = {}) {
  await saveRecoveryRule(db, await shopId(db, slug), { ...DEFAULT_RECOVERY_RULE, enabled: true, ...rule });
}

/** Lets the next round scan whatever the clock of the previous test was. */
export const openScanGate = (db: Queryable) => db.query(`update recovery_scan set next_at = '-infinity'`);

let phones = 0;

/** A contact's cart with one line, last changed at `changedAt` of the simulated clock. */
export async function cartAt(app: FastifyInstance, db: Db, shop: string, providerId: string, changedAt = T0) {
  const phone = `5511977${String(++phones).padStart(6, '0')}`;
  const code = await mintSession(app, { shop, phone });
  const s = session(app, code);
  const order = await s.okCall('POST', '/api/order/items/', { providerId, quantity: 2 });
  await db.query('update orders set updated_at = $2 where id = $1', [order.id, changedAt.toISOString()]);
  return { ...s, code, phone, orderId: order.id as string };
}

export type ReminderState = {
  step: number;
  state: string;
  reason: string | null;
  due_at: Date;
  sent_at: Date;
};

export async function remindersOf(db: Queryable, orderId: string): Promise<ReminderState[]> {
  const rows = await db.query<ReminderState>(
    'select step, state, reason, due_at, sent_at from recovery_reminders where order_id = $1 order by step',
    [orderId],
  );
  return rows.map((r) => ({ ...r, due_at: new Date(r.due_at), sent_at: r.sent_at && new Date(r.sent_at) }));
}

/** The outbox messages queued for an order's reminders. */
export async function recoveryMessages(db: Queryable, orderId: string) {
  return db.query<{ id: string; dedupe_key: string; payload: { parts: { text: string }[] } }>(
    `select id, dedupe_key, payload from outbox where order_id = $1 and type = 'recovery' order by created_at`,
    [orderId],
  );
}
