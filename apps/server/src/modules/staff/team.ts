/**
 * A shop's team: invitations (by e-mail link), acceptance (new account or an existing one), role changes and
 * removal. A shop always keeps at least one owner. Team changes lock the shop's memberships first.
 */
import { ROLE_RANK, staffPassword, type StaffRole } from '@vitrine/contracts/console';
import type { StaffConfig } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { addMember, deleteMember, listMembers, lockMembers, updateRole } from './membership-repository.ts';
import {
  findInvitationByHash,
  findInvitationById,
  insertInvitation,
  listPendingInvitations,
  markInvitationAccepted,
  revokeInvitation,
  setInvitationToken,
  type InvitationRow,
} from './invitation-repository.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { findUserByEmail, insertUser } from './user-repository.ts';
import { newLinkToken, tokenHash } from './tokens.ts';

export type NewInvitation = { id: string; token: string | null; expiresAt: Date };

/**
 * Invites `email` to the shop with `role`. With `mintLink` the link's token is made now (onboarding answers it);
 * otherwise it is minted when the e-mail goes out. 409 when the e-mail is already on the team.
 */
export async function createInvitation(
  tx: Queryable,
  config: StaffConfig,
  input: { shopId: string; email: string; role: StaffRole; invitedBy: string | null; mintLink: boolean },
): Promise<NewInvitation> {
  const members = await listMembers(tx, input.shopId);
  if (members.some((m) => m.email.toLowerCase() === input.email.toLowerCase()))
    throw new AppError('conflict', 'invitationAlreadyMember');
  const token = input.mintLink ? newLinkToken() : null;
  const invitation = {
    id: newId('inv'),
    shopId: input.shopId,
    email: input.email,
    role: input.role,
    invitedBy: input.invitedBy,
    tokenHash: token ? tokenHash(token) : null,
    expiresAt: new Date(Date.now() + config.invitationTtlMs),
  };
  await insertInvitation(tx, invitation);
  return { id: invitation.id, token, expiresAt: invitation.expiresAt };
}

/** Mints the link of a pending invitation as its e-mail goes out; null when it is no longer pending. */
export async function mintInvitationLink(db: Queryable, id: string) {
  const token = newLinkToken();
  if (!(await setInvitationToken(db, id, tokenHash(token)))) return null;
  const invitation = await findInvitationById(db, id);
  return invitation ? { token, invitation } : null;
}

const isPending = (row: InvitationRow | null): row is InvitationRow =>
  !!row && !row.accepted_at && !row.revoked_at && new Date(row.expires_at).getTime() > Date.now();

/** What an invitation link offers (shop, e-mail, role, whether the account exists); 400 linkInvalid. */
export async function previewInvitation(db: Queryable, token: string) {
  const row = await findInvitationByHash(db, tokenHash(token));
  if (!isPending(row)) throw new AppError('validation', 'linkInvalid');
  const user = await findUserByEmail(db, row.email);
  return {
    shop: { slug: row.shop_slug, name: row.shop_name },
    email: row.email,
    role: row.role,
    existingAccount: Boolean(user?.password_hash),
  };
}

export type AcceptedInvitation = { userId: string; shopId: string; email: string; role: StaffRole };

/**
 * Accepts an invitation once: a new account takes the name and password given; an existing account proves
 * itself with its password. 400 linkInvalid / invitationNeedsName / invitationNeedsPassword, 401 signInFailed.
 */
export async function acceptInvitation(
  tx: Queryable,
  config: StaffConfig,
  input: { token: string; name?: string | undefined; password?: string | undefined },
): Promise<AcceptedInvitation> {
  const row = await findInvitationByHash(tx, tokenHash(input.token));
  if (!isPending(row)) throw new AppError('validation', 'linkInvalid');
  let user = await findUserByEmail(tx, row.email);
  if (user?.password_hash) {
    if (!input.password) throw new AppError('validation', 'invitationNeedsPassword');
    if (!(await verifyPassword(input.password, user.password_hash)))
      throw new AppError('unauthorized', 'signInFailed');
  } else {
    if (!input.name || !input.password) throw new AppError('validation', 'invitationNeedsName');
    const policy = staffPassword.safeParse(input.password);
    if (!policy.success) throw badRequest(policy.error.issues[0]!.message);
    user = {
      id: newId('stu'),
      email: row.email,
      name: input.name,
      password_hash: await hashPassword(input.password, config.scryptCost),
    };
    await insertUser(tx, user);
  }
  if (!(await markInvitationAccepted(tx, row.id))) throw new AppError('validation', 'linkInvalid');
  await lockMembers(tx, row.shop_id);
  await addMember(tx, row.shop_id, user.id, row.role);
  return { userId: user.id, shopId: row.shop_id, email: row.email, role: row.role };
}

/** The shop's members and pending invitations. */
export async function listTeam(db: Queryable, shopId: string) {
  const [members, invitations] = await Promise.all([
    listMembers(db, shopId),
    listPendingInvitations(db, shopId),
  ]);
  return {
    members: members.map((m) => ({
      userId: m.user_id,
      name: m.name,
      email: m.email,
      role: m.role,
      since: new Date(m.created_at).toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: new Date(i.expires_at).toISOString(),
    })),
  };
}

async function lockedMember(tx: Queryable, shopId: string, userId: string) {
  const members = await lockMembers(tx, shopId);
  const member = members.find((m) => m.user_id === userId);
  if (!member) throw new AppError('notFound', 'staffNotFound');
  const owners = members.filter((m) => m.role === 'owner').length;
  return { member, lastOwner: member.role === 'owner' && owners === 1 };
}

/** Changes a member's role; 404 staffNotFound, 409 lastOwner when it would leave the shop without an owner. */
export async function changeRole(tx: Queryable, shopId: string, userId: string, role: StaffRole) {
  const { member, lastOwner } = await lockedMember(tx, shopId, userId);
  if (lastOwner && ROLE_RANK[role] < ROLE_RANK.owner) throw new AppError('conflict', 'lastOwner');
  await updateRole(tx, shopId, userId, role);
  return { from: member.role, to: role };
}

/** Removes a member's access to the shop; 404 staffNotFound, 409 lastOwner. */
export async function removeMember(tx: Queryable, shopId: string, userId: string) {
  const { member, lastOwner } = await lockedMember(tx, shopId, userId);
  if (lastOwner) throw new AppError('conflict', 'lastOwner');
  await deleteMember(tx, shopId, userId);
  return { role: member.role };
}

/** Revokes a pending invitation of the shop; 404 invitationNotFound. */
export async function cancelInvitation(tx: Queryable, shopId: string, id: string) {
  const row = await findInvitationById(tx, id);
  if (!row || row.shop_id !== shopId || !(await revokeInvitation(tx, shopId, id)))
    throw new AppError('notFound', 'invitationNotFound');
  return { email: row.email, role: row.role };
}
