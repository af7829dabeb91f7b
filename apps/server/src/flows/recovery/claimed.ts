/** A reminder claimed under its locks (send-reminder.ts) and what becomes of it when it is not sent. */
import type { RecoveryRule, ReminderReason } from '@vitrine/contracts/console-recovery';
import type { Queryable } from '../../db/client.ts';
import type { OrderRow } from '../../modules/order/service.ts';
import {
  markSkipped,
  reschedule,
  type Decision,
  type Delivery,
  type ReminderRow,
} from '../../modules/recovery/service.ts';
import type { ShopRow } from '../../modules/shop/service.ts';

export type ReminderOutcome = {
  id: string;
  outcome: 'sent' | 'skipped' | 'waiting';
  reason: ReminderReason | null;
};

/** What a claimed reminder is decided with, read under the locks. */
export type Claimed = {
  tx: Queryable;
  reminder: ReminderRow;
  rule: RecoveryRule;
  shop: ShopRow;
  order: OrderRow;
  delivery: Delivery;
  now: Date;
};

/**
 * Records a decision that is not 'send' (skipped with its reason, or moved to a later time) and answers its
 * outcome; null for 'send' (the caller sends).
 */
export async function recordUnsent(
  { tx, reminder, now }: Claimed,
  decision: Decision,
  version: number,
): Promise<ReminderOutcome | null> {
  if (decision.action === 'skip') {
    await markSkipped(tx, reminder.id, decision.reason, now);
    return { id: reminder.id, outcome: 'skipped', reason: decision.reason };
  }
  if (decision.action === 'wait') {
    await reschedule(tx, reminder.id, decision.until, decision.reason, version);
    return { id: reminder.id, outcome: 'waiting', reason: decision.reason };
  }
  return null;
}
