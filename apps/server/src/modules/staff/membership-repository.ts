/** shop_staff: who works in which shop, with which role. Reads join shops for the slug, name and time zone. */
import type { StaffRole } from '@vitrine/contracts/console';
import type { Queryable } from '../../db/client.ts';

export type MembershipRow = {
  shop_id: string;
  slug: string;
  shop_name: string;
  time_zone: string;
  role: StaffRole;
};
export type MemberRow = { user_id: string; name: string; email: string; role: StaffRole; created_at: Date };

export async function listShopsOfUser(db: Queryable, userId: string): Promise<MembershipRow[]> {
  return db.query<MembershipRow>(
    `select s.id as shop_id, s.slug, s.name as shop_name, s.time_zone, m.role
       from shop_staff m join shops s on s.id = m.shop_id
      where m.user_id = $1 order by s.name, s.slug`,
    [userId],
  );
}

export async function findMembership(
  db: Queryable,
  userId: string,
  shopSlug: string,
): Promise<MembershipRow | null> {
  const [row] = await db.query<MembershipRow>(
    `select s.id as shop_id, s.slug, s.name as shop_name, s.time_zone, m.role
       from shop_staff m join shops s on s.id = m.shop_id
      where m.user_id = $1 and s.slug = $2`,
    [userId, shopSlug],
  );
  return row ?? null;
}

export async function listMembers(db: Queryable, shopId: string): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select u.id as user_id, u.name, u.email, m.role, m.created_at
       from shop_staff m join staff_users u on u.id = m.user_id
      where m.shop_id = $1 order by m.created_at, u.name`,
    [shopId],
  );
}

/** Adds the user to the shop; an existing membership keeps its role. True when a row was added. */
export async function addMember(db: Queryable, shopId: string, userId: string, role: StaffRole) {
  const rows = await db.query(
    `insert into shop_staff (shop_id, user_id, role) values ($1, $2, $3)
     on conflict (shop_id, user_id) do nothing returning user_id`,
    [shopId, userId, role],
  );
  return rows.length > 0;
}

/** Locks the shop's memberships (team changes run one at a time per shop) and returns them. */
export async function lockMembers(
  db: Queryable,
  shopId: string,
): Promise<{ user_id: string; role: StaffRole }[]> {
  return db.query(`select user_id, role from shop_staff where shop_id = $1 for update`, [shopId]);
}

export async function updateRole(db: Queryable, shopId: string, userId: string, role: StaffRole) {
  await db.query(`update shop_staff set role = $3 where shop_id = $1 and user_id = $2`, [
    shopId,
    userId,
    role,
  ]);
}

export async function deleteMember(db: Queryable, shopId: string, userId: string) {
  await db.query(`delete from shop_staff where shop_id = $1 and user_id = $2`, [shopId, userId]);
}
