/**
 * Tray's daily request budget per linked store (table tray_request_budget, migration 0061): Tray's default plan
 * allows 10,000 requests a day per store besides 180 a minute. The import runner adds what each page cost and
 * pauses before crossing the budget; the shop's Tray status says when it runs low.
 */
import { addDays, dayStart } from '@vitrine/contracts/shop-time';
import { TRAY_TIME_ZONE, trayDay } from '../../adapters/tray/tray-day.ts';
import type { Queryable } from '../../db/client.ts';

export const TRAY_DAILY_LIMIT = 10_000;
/** Requests kept back for the day's other calls (token refresh, a manual sync's first pages). */
export const TRAY_DAILY_RESERVE = 300;
/** From this share of the budget on, the status says the budget runs low. */
export const TRAY_LOW_SHARE = 0.8;

/** Milliseconds from `at` to the start of the next Tray day. */
export function msToNextTrayDay(at: Date): number {
  return dayStart(addDays(trayDay(at), 1), TRAY_TIME_ZONE).getTime() - at.getTime();
}

/** Adds `requests` to the link's count of the day of `at`. */
export async function addTrayRequests(
  db: Queryable,
  linkId: string,
  requests: number,
  at: Date,
): Promise<void> {
  if (requests <= 0) return;
  await db.query(
    `insert into tray_request_budget (link_id, day, requests) values ($1, $2, $3)
     on conflict (link_id, day) do update set requests = tray_request_budget.requests + excluded.requests`,
    [linkId, trayDay(at), requests],
  );
}

/** The link's requests so far on the day of `at`. */
export async function trayRequestsOn(db: Queryable, linkId: string, at: Date): Promise<number> {
  const [row] = await db.query<{ requests: number }>(
    'select requests from tray_request_budget where link_id = $1 and day = $2',
    [linkId, trayDay(at)],
  );
  return row?.requests ?? 0;
}
