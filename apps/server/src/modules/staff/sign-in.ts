/**
 * Console sessions: sign-in with e-mail and password or a one-time link, the session behind the cookie (idle
 * and absolute expiry), sign-out. The cookie carries a random token; the database keeps only its SHA-256.
 */
import type { StaffConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { decoyHash, verifyPassword } from './password.ts';
import {
  deleteSession,
  findSessionByHash,
  insertSession,
  touchSession,
  type StaffSessionRow,
} from './session-repository.ts';
import { insertToken, useToken } from './token-repository.ts';
import { findUserByEmail } from './user-repository.ts';
import { newLinkToken, tokenHash } from './tokens.ts';
import { findMembership } from './membership-repository.ts';

export type IssuedStaffSession = { token: string; expiresAt: Date };
/** last_seen_at is written at most this often (a busy console page does not write on every call). */
const TOUCH_EVERY_MS = 60_000;

/** Opens a console session for the user. */
export async function openStaffSession(
  db: Queryable,
  config: StaffConfig,
  userId: string,
): Promise<IssuedStaffSession> {
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + config.sessionMaxMs);
  await insertSession(db, { id: newId('sts'), userId, tokenHash: tokenHash(token), expiresAt });
  return { token, expiresAt };
}

/** Signs in with e-mail and password; one answer (401 signInFailed) for an unknown e-mail or a wrong password. */
export async function signIn(
  db: Queryable,
  config: StaffConfig,
  email: string,
  password: string,
): Promise<IssuedStaffSession> {
  const user = await findUserByEmail(db, email);
  const hash = user?.password_hash ?? (await decoyHash(config.scryptCost));
  const valid = await verifyPassword(password, hash);
  if (!user?.password_hash || !valid) throw new AppError('unauthorized', 'signInFailed');
  return openStaffSession(db, config, user.id);
}

/** The live session of a cookie token, or null (unknown, idle too long, past its absolute expiry). */
export async function resolveStaffSession(
  db: Queryable,
  config: StaffConfig,
  token: string,
): Promise<StaffSessionRow | null> {
  const row = await findSessionByHash(db, tokenHash(token));
  if (!row) return null;
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() <= now || lastSeen + config.idleMs <= now) {
    await deleteSession(db, row.id);
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) await touchSession(db, row.id);
  return row;
}

export async function signOut(db: Queryable, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/**
 * A one-time sign-in link for a staff member of the shop (chatbot platform): 404 staffUserNotFound when the
 * e-mail is not on the shop's team. The link lives `signInLinkTtlMs`.
 */
export async function issueSignInLink(
  db: Queryable,
  config: StaffConfig,
  shopSlug: string,
  email: string,
): Promise<{ token: string; expiresAt: Date }> {
  const user = await findUserByEmail(db, email);
  if (!user || !(await findMembership(db, user.id, shopSlug)))
    throw new AppError('notFound', 'staffUserNotFound');
  const token = newLinkToken();
  const expiresAt = new Date(Date.now() + config.signInLinkTtlMs);
  await insertToken(db, {
    id: newId('stk'),
    userId: user.id,
    purpose: 'sign-in',
    tokenHash: tokenHash(token),
    expiresAt,
  });
  return { token, expiresAt };
}

/** Spends a one-time sign-in link and opens a session; 400 linkInvalid when used, unknown or expired. */
export async function signInWithLink(
  db: Queryable,
  config: StaffConfig,
  token: string,
): Promise<IssuedStaffSession> {
  const row = await useToken(db, tokenHash(token), 'sign-in');
  if (!row) throw new AppError('validation', 'linkInvalid');
  return openStaffSession(db, config, row.user_id);
}
