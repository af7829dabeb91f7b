/** What a signed-in staff user may see: their shops, and their role in one shop. */
import type { Queryable } from '../../db/client.ts';
import { findMembership, listShopsOfUser } from './membership-repository.ts';

export async function shopsOfUser(db: Queryable, userId: string) {
  const rows = await listShopsOfUser(db, userId);
  return rows.map((r) => ({ slug: r.slug, name: r.shop_name, timeZone: r.time_zone, role: r.role }));
}

/** The user's membership in the shop named by `slug`, or null (not on its team, or no such shop). */
export async function membershipIn(db: Queryable, userId: string, slug: string) {
  const row = await findMembership(db, userId, slug);
  return row
    ? { shopId: row.shop_id, slug: row.slug, name: row.shop_name, timeZone: row.time_zone, role: row.role }
    : null;
}
