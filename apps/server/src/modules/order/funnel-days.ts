/**
 * The funnel rollup's refresher (issue 37, decision 0064, migration 0094): the +1/-1 rows the triggers on sessions
 * and orders wrote (`funnel_deltas`) are folded into the shop-local day counts (`funnel_days`), a shop at a time, in
 * one statement (its deltas deleted and added to its days: both or neither). Every instance runs it on the analytics
 * recorder's flush timer; a shop another instance is folding, or whose days a time zone change is rebuilding, is
 * skipped (`pg_try_advisory_xact_lock`, the key `funnel_days_rebuild` takes). The report reads days plus the deltas
 * left, so folding changes no answer: it only keeps the deltas few.
 */
import type { Db } from '../../db/client.ts';

/** Folds one shop's deltas into its days; false when another transaction holds the shop. */
export async function foldFunnelShop(db: Db, shopId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>(
      `select pg_try_advisory_xact_lock(hashtext('funnel_days:' || $1)) as ok`,
      [shopId],
    );
    if (!lock?.ok) return false;
    await tx.query(
      `with d as (delete from funnel_deltas where shop_id = $1 returning at, channel_type, stage, n)
       insert into funnel_days (shop_id, day, channel_type, stage, n)
       select $1, (d.at at time zone s.time_zone)::date, d.channel_type, d.stage, sum(d.n)
         from d, shops s where s.id = $1
        group by 2, 3, 4 having sum(d.n) <> 0 order by 2, 3, 4
       on conflict (shop_id, day, channel_type, stage) do update set n = funnel_days.n + excluded.n`,
      [shopId],
    );
    return true;
  });
}

/** One pass: every shop with deltas folded (those another instance holds are left for the next pass). */
export async function foldFunnelDeltas(db: Db): Promise<number> {
  const shops = await db.query<{ shop_id: string }>('select distinct shop_id from funnel_deltas');
  let done = 0;
  for (const { shop_id } of shops) if (await foldFunnelShop(db, shop_id)) done += 1;
  return done;
}
