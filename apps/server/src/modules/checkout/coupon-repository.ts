/** coupons: the shop's coupons as the console writes them (issue 18); checkout's coupon.ts reads them at apply/confirm. */
import { OrderStatus } from '@vitrine/contracts/enums';
import type { Queryable } from '../../db/client.ts';

export type CouponAdminRow = {
  id: string;
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  min_order_cents: number;
  valid_from: Date | null;
  valid_until: Date | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  first_order_only: boolean;
  active: boolean;
  uses: number;
};

/** The columns the console writes (dates as timestamptz). */
export type CouponColumns = Omit<CouponAdminRow, 'id' | 'uses'>;

const SELECT = `select c.id, c.code, c.kind, c.value, c.min_order_cents, c.valid_from, c.valid_until, c.usage_limit,
       c.per_customer_limit, c.first_order_only, c.active,
       (select count(*)::int from orders o
         where o.coupon_id = c.id and o.status in (${OrderStatus.Received}, ${OrderStatus.Finalized})) as uses
  from coupons c`;

/** The shop's own coupons (a contact's recovery coupon is not listed: it is the reminder's, made per contact). */
export function listCoupons(db: Queryable, shopId: string): Promise<CouponAdminRow[]> {
  return db.query<CouponAdminRow>(
    `${SELECT} where c.shop_id = $1 and c.contact_id is null order by c.created_at desc, c.id desc`,
    [shopId],
  );
}

/** One coupon of the shop; `lock` holds its row until the transaction ends. */
export async function findCoupon(
  db: Queryable,
  shopId: string,
  id: string,
  lock = false,
): Promise<CouponAdminRow | null> {
  if (lock) await db.query('select id from coupons where shop_id = $1 and id = $2 for update', [shopId, id]);
  const [row] = await db.query<CouponAdminRow>(`${SELECT} where c.shop_id = $1 and c.id = $2`, [shopId, id]);
  return row ?? null;
}

/** Whether another coupon of the shop has this code (codes are case-insensitive). */
export async function codeTaken(db: Queryable, shopId: string, code: string, exceptId: string | null) {
  const rows = await db.query(
    'select 1 from coupons where shop_id = $1 and upper(code) = upper($2) and ($3::text is null or id <> $3)',
    [shopId, code, exceptId],
  );
  return rows.length > 0;
}

const values = (c: CouponColumns) => [
  c.code,
  c.kind,
  c.value,
  c.min_order_cents,
  c.valid_from,
  c.valid_until,
  c.usage_limit,
  c.per_customer_limit,
  c.first_order_only,
  c.active,
];

export async function insertCoupon(db: Queryable, shopId: string, id: string, c: CouponColumns) {
  await db.query(
    `insert into coupons (code, kind, value, min_order_cents, valid_from, valid_until, usage_limit,
       per_customer_limit, first_order_only, active, shop_id, id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [...values(c), shopId, id],
  );
}

export async function updateCoupon(db: Queryable, shopId: string, id: string, c: CouponColumns) {
  await db.query(
    `update coupons set code = $1, kind = $2, value = $3, min_order_cents = $4, valid_from = $5,
       valid_until = $6, usage_limit = $7, per_customer_limit = $8, first_order_only = $9, active = $10
     where shop_id = $11 and id = $12`,
    [...values(c), shopId, id],
  );
}

/** A coupon only `contact_id` may use, once, until `valid_until` (the second cart reminder's, decision 0057). */
export type ContactCoupon = {
  id: string;
  contactId: string;
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  validFrom: Date;
  validUntil: Date;
};

/**
 * Makes the contact's coupon once: a second call with the same id (a retried claim) changes nothing and answers the
 * coupon made first; null when `code` is another coupon's (the caller draws another).
 */
export async function insertContactCoupon(
  db: Queryable,
  shopId: string,
  c: ContactCoupon,
): Promise<{ code: string; valid_until: Date } | null> {
  await db.query(
    `insert into coupons (id, shop_id, contact_id, code, kind, value, min_order_cents, valid_from, valid_until,
       usage_limit, per_customer_limit, first_order_only, active)
     select $1, $2, $3, $4, $5, $6, 0, $7, $8, 1, 1, false, true
      where not exists (select 1 from coupons where shop_id = $2 and upper(code) = upper($4) and id <> $1)
     on conflict (id) do nothing`,
    [
      c.id,
      shopId,
      c.contactId,
      c.code,
      c.kind,
      c.value,
      c.validFrom.toISOString(),
      c.validUntil.toISOString(),
    ],
  );
  const [made] = await db.query<{ code: string; valid_until: Date }>(
    'select code, valid_until from coupons where id = $1 and shop_id = $2',
    [c.id, shopId],
  );
  return made ? { ...made, valid_until: new Date(made.valid_until) } : null;
}
