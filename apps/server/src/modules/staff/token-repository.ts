/** staff_tokens: one-time password-reset and sign-in links of a staff user. */
import type { Queryable } from '../../db/client.ts';

export type TokenPurpose = 'password-reset' | 'sign-in';
export type StaffTokenRow = { id: string; user_id: string; purpose: TokenPurpose; expires_at: Date };

export async function insertToken(
  db: Queryable,
  token: { id: string; userId: string; purpose: TokenPurpose; tokenHash: string | null; expiresAt: Date },
): Promise<void> {
  await db.query(
    `insert into staff_tokens (id, user_id, purpose, token_hash, expires_at) values ($1, $2, $3, $4, $5)`,
    [token.id, token.userId, token.purpose, token.tokenHash, token.expiresAt],
  );
}

/** Gives an unused token row its link (minted when the e-mail goes out); false when used or expired. */
export async function setTokenHash(db: Queryable, id: string, hash: string): Promise<StaffTokenRow | null> {
  const [row] = await db.query<StaffTokenRow>(
    `update staff_tokens set token_hash = $2 where id = $1 and used_at is null and expires_at > now()
     returning id, user_id, purpose, expires_at`,
    [id, hash],
  );
  return row ?? null;
}

/** Spends a live token of `purpose` once: answers its row, or null when unknown, used or expired. */
export async function useToken(
  db: Queryable,
  hash: string,
  purpose: TokenPurpose,
): Promise<StaffTokenRow | null> {
  const [row] = await db.query<StaffTokenRow>(
    `update staff_tokens set used_at = now(), token_hash = null
      where token_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
     returning id, user_id, purpose, expires_at`,
    [hash, purpose],
  );
  return row ?? null;
}

/** A new reset link makes the older unused ones useless. */
export async function expireUnusedTokens(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await db.query(
    `update staff_tokens set used_at = now(), token_hash = null
      where user_id = $1 and purpose = $2 and used_at is null`,
    [userId, purpose],
  );
}
