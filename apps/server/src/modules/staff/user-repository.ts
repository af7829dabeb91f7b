/** staff_users: one row per person who signs in to the console (e-mail unique, case-insensitive). */
import type { Queryable } from '../../db/client.ts';

export type StaffUserRow = { id: string; email: string; name: string; password_hash: string | null };
const COLUMNS = 'id, email, name, password_hash';

export async function findUserByEmail(db: Queryable, email: string): Promise<StaffUserRow | null> {
  const [row] = await db.query<StaffUserRow>(
    `select ${COLUMNS} from staff_users where lower(email) = lower($1)`,
    [email],
  );
  return row ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<StaffUserRow | null> {
  const [row] = await db.query<StaffUserRow>(`select ${COLUMNS} from staff_users where id = $1`, [id]);
  return row ?? null;
}

export async function insertUser(db: Queryable, user: StaffUserRow): Promise<void> {
  await db.query(`insert into staff_users (id, email, name, password_hash) values ($1, $2, $3, $4)`, [
    user.id,
    user.email,
    user.name,
    user.password_hash,
  ]);
}

export async function setPasswordHash(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query(`update staff_users set password_hash = $2, updated_at = now() where id = $1`, [
    userId,
    hash,
  ]);
}
