/**
 * What an owner does with the team, and what an invited person does with the link: each change and its
 * audit entry (and e-mail, through the outbox) commit together.
 */
import { ROLE_RANK, type StaffRole } from '@vitrine/contracts/console';
import type { Config } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { recordAudit, type Actor } from '../../modules/audit/service.ts';
import {
  requestPasswordReset,
  resetPassword,
  openStaffSession,
  acceptInvitation,
  cancelInvitation,
  changeRole,
  createInvitation,
  removeMember,
  endStaffSessions,
} from '../../modules/staff/service.ts';
import { announceEndedSessions, endSessionsOpenedBy } from '../../modules/session/service.ts';
import { queueInvitationEmail, queueResetEmail } from './staff-email.ts';

export type TeamActor = Actor & { shopId: string };

/** Invites `email` with `role` and queues the invitation e-mail. */
export async function inviteStaff(db: Db, config: Config, actor: TeamActor, email: string, role: StaffRole) {
  return db.transaction(async (tx) => {
    const invitation = await createInvitation(tx, config.staff, {
      shopId: actor.shopId,
      email,
      role,
      invitedBy: actor.userId,
      mintLink: false,
    });
    await queueInvitationEmail(tx, actor.shopId, invitation.id);
    await recordAudit(tx, actor.shopId, actor, 'invitation.sent', email, { role });
    return { id: invitation.id, email, role, expiresAt: invitation.expiresAt.toISOString() };
  });
}

/** Accepts an invitation (new or existing account) and signs the person in. */
export async function acceptStaffInvitation(
  db: Db,
  config: Config,
  input: { token: string; name?: string | undefined; password?: string | undefined },
) {
  return db.transaction(async (tx) => {
    const accepted = await acceptInvitation(tx, config.staff, input);
    await recordAudit(
      tx,
      accepted.shopId,
      { userId: accepted.userId, label: accepted.email },
      'invitation.accepted',
      accepted.email,
      {
        role: accepted.role,
      },
    );
    return openStaffSession(tx, config.staff, accepted.userId);
  });
}

/**
 * Ends, in `tx`, every console session of the person and the agent sessions they opened (in `shopId`, or in
 * every shop when null); when `tx` commits every instance hears of it (drops the agent sessions from its cache,
 * ends their streams and the person's console streams). Answers the agent sessions' token hashes (the caller's
 * instance drops them from its cache at once: app.forgetSessions).
 */
async function endAccess(tx: Queryable, userId: string, shopId: string | null): Promise<string[]> {
  await endStaffSessions(tx, userId);
  const ended = await endSessionsOpenedBy(tx, userId, shopId);
  await announceEndedSessions(tx, ended, userId);
  return ended.hashes;
}

/** Changes a member's role; a lower role also ends their sessions (console, and agent links they opened here). */
export async function changeStaffRole(db: Db, actor: TeamActor, userId: string, role: StaffRole) {
  return db.transaction(async (tx) => {
    const change = await changeRole(tx, actor.shopId, userId, role);
    await recordAudit(tx, actor.shopId, actor, 'member.role-changed', userId, change);
    const demoted = ROLE_RANK[change.to] < ROLE_RANK[change.from];
    return { ...change, endedSessions: demoted ? await endAccess(tx, userId, actor.shopId) : [] };
  });
}

/** Removes a member and ends their console sessions and the agent links they opened in the shop. */
export async function removeStaff(db: Db, actor: TeamActor, userId: string) {
  return db.transaction(async (tx) => {
    const removed = await removeMember(tx, actor.shopId, userId);
    await recordAudit(tx, actor.shopId, actor, 'member.removed', userId, removed);
    return { endedSessions: await endAccess(tx, userId, actor.shopId) };
  });
}

/** 'Sair de todos os dispositivos': every console session of the user and every agent link they opened end. */
export async function signOutEverywhere(db: Db, userId: string): Promise<string[]> {
  return db.transaction((tx) => endAccess(tx, userId, null));
}

export async function cancelStaffInvitation(db: Db, actor: TeamActor, invitationId: string) {
  return db.transaction(async (tx) => {
    const canceled = await cancelInvitation(tx, actor.shopId, invitationId);
    await recordAudit(tx, actor.shopId, actor, 'invitation.canceled', canceled.email, {
      role: canceled.role,
    });
  });
}

/** Queues a reset e-mail when the e-mail belongs to a staff user; answers nothing either way. */
export async function forgotPassword(db: Db, config: Config, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const request = await requestPasswordReset(tx, config.staff, email);
    if (request) await queueResetEmail(tx, request.shopId, request.tokenId);
  });
}

/**
 * Sets a new password from a reset link and signs the person in: every other console session and every agent
 * link they opened end.
 */
export async function resetStaffPassword(db: Db, config: Config, token: string, password: string) {
  return db.transaction(async (tx) => {
    const userId = await resetPassword(tx, config.staff, token, password);
    const endedSessions = await endAccess(tx, userId, null);
    return { session: await openStaffSession(tx, config.staff, userId), endedSessions };
  });
}
