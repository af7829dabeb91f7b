/** staff_sessions: console sign-ins, by the SHA-256 of their cookie token. */
import type { Queryable } from '../../db/client.ts';

export type StaffSessionRow = {
  id: string;
  user_id: string;
  email: string;
  name: string;
  last_seen_at: Date;
  expires_at: Date;
};

export async function insertSession(
  db: Queryable,
  session: { id: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query(`insert into staff_sessions (id, user_id, token_hash, expires_at) values ($1, $2, $3, $4)`, [
    session.id,
    session.userId,
    session.tokenHash,
    session.expiresAt,
  ]);
}

export async function findSessionByHash(db: Queryable, hash: string): Promise<StaffSessionRow | null> {
  const [row] = await db.query<StaffSessionRow>(
    `select s.id, s.user_id, u.email, u.name, s.last_seen_at, s.expires_at
       from staff_sessions s join staff_users u on u.id = s.user_id
      where s.token_hash = $1`,
    [hash],
  );
  return row ?? null;
}

export async function touchSession(db: Queryable, id: string): Promise<void> {
  await db.query(`update staff_sessions set last_seen_at = now() where id = $1`, [id]);
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query(`delete from staff_sessions where id = $1`, [id]);
}

/** Signs the user out of every console session (password reset, team change, 'Sair de todos os dispositivos'). */
export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query(`delete from staff_sessions where user_id = $1`, [userId]);
}
