/**
 * One round of recovery at `now` (the caller's clock: the worker's is the wall clock, tests inject theirs): the
 * rule scan when this instance wins the interval's gate (modules/recovery/scan.ts) — open carts, then Waiting Pix
 * and boleto charges, one statement per batch each — then the due reminders one transaction each
 * (send-reminder.ts), then attribution — orders confirmed or paid within three days after a reminder are stored as
 * recovered with their value.
 */
import type { Db } from '../../db/client.ts';
import {
  claimScan,
  recordRecoveries,
  scanBatch,
  scanPaymentBatch,
  type PaymentCursor,
} from '../../modules/recovery/service.ts';
import { sendDueReminder, type ReminderOutcome } from './send-reminder.ts';

export const ATTRIBUTION_DAYS = 3;

export type RoundOptions = {
  now: Date;
  /** Who runs the round (the scan gate records it). */
  owner: string;
  /** Carts per scan statement (default 500). */
  batchSize?: number;
  /** The time between two scans across all instances (default 60 s). */
  scanIntervalMs?: number;
  /** Reminders decided per round at most (default 100). */
  maxReminders?: number;
};

export type RoundResult = {
  scanned: boolean;
  batches: number;
  carts: number;
  charges: number;
  decided: ReminderOutcome[];
  recovered: number;
};

export async function runRecoveryRound(db: Db, options: RoundOptions): Promise<RoundResult> {
  const { now } = options;
  const size = options.batchSize ?? 500;
  const result: RoundResult = {
    scanned: false,
    batches: 0,
    carts: 0,
    charges: 0,
    decided: [],
    recovered: 0,
  };
  if (await claimScan(db, options.owner, now, options.scanIntervalMs ?? 60_000)) {
    result.scanned = true;
    let after: string | null = null;
    for (;;) {
      const batch = await scanBatch(db, now, after, size);
      result.batches += 1;
      result.carts += batch.carts;
      if (!batch.last || batch.carts < size) break;
      after = batch.last;
    }
    let cursor: PaymentCursor | null = null;
    for (;;) {
      const batch = await scanPaymentBatch(db, now, cursor, size);
      result.batches += 1;
      result.charges += batch.charges;
      if (!batch.last || batch.charges < size) break;
      cursor = batch.last;
    }
  }
  for (let i = 0; i < (options.maxReminders ?? 100); i++) {
    const outcome = await sendDueReminder(db, now);
    if (!outcome) break;
    result.decided.push(outcome);
  }
  result.recovered = await recordRecoveries(db, now, ATTRIBUTION_DAYS);
  return result;
}
