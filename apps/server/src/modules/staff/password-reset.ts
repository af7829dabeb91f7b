/**
 * Forgotten passwords: a reset request queues an e-mail whose link is minted when it goes out (the outbox keeps
 * no token); the link sets a new password once and signs the user out everywhere.
 */
import type { StaffConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { listShopsOfUser } from './membership-repository.ts';
import { hashPassword } from './password.ts';
import { deleteUserSessions } from './session-repository.ts';
import { expireUnusedTokens, insertToken, setTokenHash, useToken } from './token-repository.ts';
import { findUserByEmail, findUserById, setPasswordHash } from './user-repository.ts';
import { newLinkToken, tokenHash } from './tokens.ts';

export type ResetRequest = { tokenId: string; userId: string; shopId: string };

/**
 * Records a reset for the e-mail's user (older unused links stop working); null when no console user with a
 * shop has that e-mail — the caller answers the same either way.
 */
export async function requestPasswordReset(
  tx: Queryable,
  config: StaffConfig,
  email: string,
): Promise<ResetRequest | null> {
  const user = await findUserByEmail(tx, email);
  if (!user) return null;
  const [shop] = await listShopsOfUser(tx, user.id);
  if (!shop) return null;
  await expireUnusedTokens(tx, user.id, 'password-reset');
  const tokenId = newId('stk');
  await insertToken(tx, {
    id: tokenId,
    userId: user.id,
    purpose: 'password-reset',
    tokenHash: null,
    expiresAt: new Date(Date.now() + config.resetTtlMs),
  });
  return { tokenId, userId: user.id, shopId: shop.shop_id };
}

/** Mints the link of a reset request as its e-mail goes out; null when the request was used or expired. */
export async function mintResetLink(db: Queryable, tokenId: string) {
  const token = newLinkToken();
  const row = await setTokenHash(db, tokenId, tokenHash(token));
  if (!row) return null;
  const user = await findUserById(db, row.user_id);
  return user ? { token, user, expiresAt: row.expires_at } : null;
}

/** Sets a new password from a reset link (once) and ends every session of the user; 400 linkInvalid otherwise. */
export async function resetPassword(
  tx: Queryable,
  config: StaffConfig,
  token: string,
  password: string,
): Promise<string> {
  const row = await useToken(tx, tokenHash(token), 'password-reset');
  if (!row) throw new AppError('validation', 'linkInvalid');
  await setPasswordHash(tx, row.user_id, await hashPassword(password, config.scryptCost));
  await deleteUserSessions(tx, row.user_id);
  return row.user_id;
}
