/**
 * The owner of `search_misses`, `product_view_days` and `product_view_months` (issue 37, decisions 0058 and 0063):
 * batches of counts added to the row of their shop, shop-local day (and month, for views) and key (one upsert per
 * batch), the purge of rows past the retention, and the reads of Relatórios › Produtos. The day is the shop's (`shops.time_zone`) at the instant the count was seen.
 */
import { monthSplit } from '@vitrine/contracts/shop-time';
import type { Queryable } from '../../db/client.ts';

/** Counts seen at `at` (the batch groups them per shop and key). */
export type AnalyticsCount = { shopId: string; key: string; at: Date; count: number };

/** The batch as columns, each count's instant as the shop's local day in SQL. */
const batch = (rows: AnalyticsCount[]) => [
  rows.map((r) => r.shopId),
  rows.map((r) => r.key),
  rows.map((r) => r.at.toISOString()),
  rows.map((r) => r.count),
];
const LOCAL = `select b.shop_id, (b.at at time zone s.time_zone)::date as day, b.key, sum(b.n)::int as n
  from unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[]) as b (shop_id, key, at, n)
  join shops s on s.id = b.shop_id`;

/** Adds the searches that found nothing (normalised terms). */
export async function addSearchMisses(db: Queryable, rows: AnalyticsCount[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `insert into search_misses (shop_id, day, term, searches)
     ${LOCAL} group by 1, 2, 3 order by 1, 2, 3
     on conflict (shop_id, day, term) do update set searches = search_misses.searches + excluded.searches`,
    batch(rows),
  );
}

/**
 * Adds product detail views (the key is the product's providerId in its shop; an unknown one is dropped) to their
 * day's row and, in the same statement, to their month's (a month row is the sum of its day rows).
 */
export async function addProductViews(db: Queryable, rows: AnalyticsCount[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `with v as (
       select v.shop_id, v.day, p.id as product_id, v.n from (${LOCAL} group by 1, 2, 3) v
         join products p on p.shop_id = v.shop_id and p.provider_id = v.key
     ), d as (
       insert into product_view_days (shop_id, day, product_id, views)
       select shop_id, day, product_id, n from v order by 1, 2, 3
       on conflict (shop_id, day, product_id) do update set views = product_view_days.views + excluded.views
     )
     insert into product_view_months (shop_id, month, product_id, views)
     select shop_id, date_trunc('month', day)::date, product_id, sum(n) from v group by 1, 2, 3 order by 1, 2, 3
     on conflict (shop_id, month, product_id) do update set views = product_view_months.views + excluded.views`,
    batch(rows),
  );
}

/** Deletes the days before `before` (the retention), their views taken out of their months' rows. */
export async function purgeAnalytics(db: Queryable, before: string): Promise<void> {
  await db.query('delete from search_misses where day < $1::date', [before]);
  await db.query(
    `with gone as (
       delete from product_view_days where day < $1::date returning shop_id, day, product_id, views
     ), months as (
       select shop_id, date_trunc('month', day)::date as month, product_id, sum(views)::int as views
         from gone group by 1, 2, 3
     ), emptied as (
       delete from product_view_months m using months g
        where m.shop_id = g.shop_id and m.month = g.month and m.product_id = g.product_id and m.views = g.views
     )
     update product_view_months m set views = m.views - g.views from months g
      where m.shop_id = g.shop_id and m.month = g.month and m.product_id = g.product_id and m.views > g.views`,
    [before],
  );
}

export type SearchMissRow = { term: string; searches: number; days: number; last_day: string };

/** The terms searched without a result in the shop's days [from, to], most searched first. */
export function searchMisses(db: Queryable, shopId: string, from: string, to: string, limit: number) {
  return db.query<SearchMissRow>(
    `select term, sum(searches)::int as searches, count(*)::int as days, max(day)::text as last_day
       from search_misses where shop_id = $1 and day between $2::date and $3::date
      group by term order by 2 desc, 1 limit $4`,
    [shopId, from, to, limit],
  );
}

/**
 * Views per product (with its name) in the shop's days [from, to]: months from `product_view_months`, plus or minus
 * the days at the edges from `product_view_days` (`monthSplit`).
 */
export function productViews(db: Queryable, shopId: string, from: string, to: string) {
  const r = monthSplit(from, to);
  return db.query<{ product_id: string; name: string; views: number }>(
    `select v.product_id, p.name, v.views from (
       select product_id, sum(views)::int as views from (
         select product_id, views from product_view_months
          where shop_id = $1 and month >= $2::date and month < $3::date
         union all
         select product_id, $6::int * views from product_view_days
          where shop_id = $1 and day between $4::date and $5::date
         union all
         select product_id, $9::int * views from product_view_days
          where shop_id = $1 and day between $7::date and $8::date
       ) x group by product_id having sum(views) > 0
     ) v join products p on p.id = v.product_id`,
    [shopId, r.monthFrom, r.monthTo, ...r.slots],
  );
}
